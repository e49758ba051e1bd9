import Foundation
import TestSupport

/// `Tests/Peers/https_upstream.py`: a plain Python HTTPS server that is not Countersign, serving
/// with `certificate` and `key`; it stops when this object goes (its stdin closes).
final class PythonUpstream: @unchecked Sendable {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    /// Starts the upstream and waits (`onItsOwnThread`) for the port it prints.
    static func start(certificate: String, key: String) async throws -> PythonUpstream {
        try await onItsOwnThread { try PythonUpstream(certificate: certificate, key: key) }
    }

    private init(certificate: String, key: String) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", RepositoryFiles.root + "/Tests/Peers/https_upstream.py", certificate, key]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        guard let port = Int(line.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw PythonUpstreamError(output: line)
        }
        self.port = port
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.terminate()
    }
}

struct PythonUpstreamError: Error {
    let output: String
}
