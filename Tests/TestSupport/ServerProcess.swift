import Foundation

/// The built `countersign` executable running as a separate process, for tests that kill it.
public final class ServerProcess: @unchecked Sendable {
    /// The executable next to the test bundle (`swift build` puts every product in one folder).
    public static var executablePath: String {
        let bundle = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
        var folder = bundle.deletingLastPathComponent()
        // Swift Testing may run from inside the .xctest bundle's own folder.
        while !folder.path.isEmpty && folder.path != "/" {
            let candidate = folder.appendingPathComponent("countersign").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return bundle.deletingLastPathComponent().appendingPathComponent("countersign").path
    }

    public let process = Process()
    public let port: Int
    /// Every line the process has written to its standard output and error.
    public let logs = LogCapture()
    private let output = Pipe()

    /// Starts `countersign serve` with `arguments` and waits (`onItsOwnThread`) for its main listener
    /// line; the port is read from it.
    public static func start(arguments: [String]) async throws -> ServerProcess {
        try await onItsOwnThread { try ServerProcess(arguments: arguments) }
    }

    private init(arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: Self.executablePath)
        process.arguments = ["serve", "--port", "0", "--host", "127.0.0.1", "--log-format", "json"] + arguments
        process.standardOutput = output
        process.standardError = output
        try process.run()
        var collected = ""
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            collected += String(decoding: data, as: UTF8.self)
            if let match = collected.range(of: #""url":"https://[^"]*:(\d+)""#, options: .regularExpression) {
                let text = collected[match]
                port = Int(text.split(separator: ":").last?.filter(\.isNumber) ?? "") ?? 0
                // Keep draining the log: a server whose stdout pipe is full blocks in write(2). A
                // thread of its own reads until the end of the output, when the process has exited; it
                // holds the read end until then (a dispatch source on it, readabilityHandler, can
                // crash the process when its FileHandle goes away with the ServerProcess).
                Self.drain(output.fileHandleForReading, after: collected, into: logs)
                return
            }
        }
        process.terminate()
        throw ServerProcessError(output: collected)
    }

    deinit {
        if process.isRunning { send(SIGKILL) }
    }

    /// Appends each line of `output`, after those of `collected`, to `logs` until the output ends.
    private static func drain(_ output: FileHandle, after collected: String, into logs: LogCapture) {
        Thread {
            var pending = Array(collected.utf8)
            while true {
                let data = output.availableData
                if data.isEmpty { break }
                pending += data
                while let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    logs.append(String(decoding: pending[..<end], as: UTF8.self))
                    pending.removeSubrange(...end)
                }
            }
        }.start()
    }

    /// Sends `signal` to the process without waiting.
    public func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Sends `signal` and waits for the process to end; returns its exit status.
    @discardableResult
    public func stop(signal: Int32) async -> Int32 {
        send(signal)
        return await exitStatus()
    }

    /// Waits (`onItsOwnThread`) for the process to end, and returns its exit status.
    @discardableResult
    public func exitStatus() async -> Int32 {
        await onItsOwnThread { [self] in
            process.waitUntilExit()
            return process.terminationStatus
        }
    }
}

/// The server process ended or never printed its listener.
public struct ServerProcessError: Error, CustomStringConvertible {
    public let output: String
    public var description: String { "countersign did not start: \(output)" }
}
