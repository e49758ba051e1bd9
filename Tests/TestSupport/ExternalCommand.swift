import Foundation

/// Runs a command-line tool (curl, openssl) and captures its output, for tests that check the server
/// against independent clients.
public struct ExternalCommand {
    /// The exit status, standard output and standard error.
    public let status: Int32
    public let output: String
    public let errorOutput: String

    /// Runs `executable` (looked up on PATH) with `arguments`, feeding `input` on standard input.
    public static func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> ExternalCommand {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errorOutput = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ExternalCommand(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                               errorOutput: String(decoding: errorOutput, as: UTF8.self))
    }

    /// `run` on a thread of its own, for a command that takes seconds: waiting for it does not hold
    /// one of the few threads Swift's concurrency has, which the other tests' `eventually` need.
    public static func runInBackground(_ executable: String, _ arguments: [String], input: String? = nil) async throws -> ExternalCommand {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try run(executable, arguments, input: input) }) }.start()
        }
    }
}
