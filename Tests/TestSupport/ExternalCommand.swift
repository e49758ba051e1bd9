import Foundation

/// Runs a command-line tool (curl, openssl, nghttp, java, the countersign binary) and captures what it
/// prints, for tests that check the server against independent clients.
///
/// The child is started and waited for `onItsOwnThread`, never on a thread of Swift's concurrency
/// pool. Its standard output and standard error are read at the same time and its input is written
/// meanwhile, so a child that prints more than a pipe holds (64 KiB) on either never blocks.
public struct ExternalCommand: Sendable {
    /// The exit status.
    public let status: Int32
    /// The standard output as it came.
    public let standardOutput: Data
    /// The standard error as text.
    public let errorOutput: String

    /// The standard output as text.
    public var output: String { String(decoding: standardOutput, as: UTF8.self) }

    /// Runs `executable` (looked up on PATH) with `arguments`, feeding `input` on standard input.
    public static func run(_ executable: String, _ arguments: [String], input: String? = nil) async throws -> ExternalCommand {
        try await run(executable, arguments, input: Data((input ?? "").utf8))
    }

    /// Runs `executable` (looked up on PATH) with `arguments`, feeding the bytes `input` on standard input.
    public static func run(_ executable: String, _ arguments: [String], input: Data) async throws -> ExternalCommand {
        try await onItsOwnThread { try runAndWait(executable, arguments, input: input) }
    }

    /// `run`, under the name that tests written before `run` was asynchronous use.
    public static func runInBackground(_ executable: String, _ arguments: [String], input: String? = nil) async throws -> ExternalCommand {
        try await run(executable, arguments, input: input)
    }

    /// Starts the child, writes its input and reads its standard error on two more threads while this
    /// one reads its standard output, then waits for it to exit.
    private static func runAndWait(_ executable: String, _ arguments: [String], input: Data) throws -> ExternalCommand {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        let stdout = Pipe(), stderr = Pipe(), stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        let writing = StartedThread {
            // A child that exits without reading all of it closes the pipe: the rest is not wanted.
            if !input.isEmpty { try? stdin.fileHandleForWriting.write(contentsOf: input) }
            try? stdin.fileHandleForWriting.close()
        }
        let errorReading = StartedThread { stderr.fileHandleForReading.readDataToEndOfFile() }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errorOutput = errorReading.result()
        writing.result()
        process.waitUntilExit()
        return ExternalCommand(status: process.terminationStatus, standardOutput: output,
                               errorOutput: String(decoding: errorOutput, as: UTF8.self))
    }
}
