import Foundation

/// A real Countersign in a child process (the built `countersign serve`) on an ephemeral port, with
/// its own certificates and database in a temporary folder and `TestServer`'s settings: for tests
/// that measure the server alone, such as its resident memory, apart from the test process.
public final class ChildServer: ServerUnderTest, @unchecked Sendable {
    public let directory: TemporaryDirectory
    private let process: ServerProcess

    private init(directory: TemporaryDirectory, process: ServerProcess) {
        self.directory = directory
        self.process = process
    }

    /// Starts the server with `arguments` after `TestServer`'s settings (such as
    /// `["--header-timeout", "3s"]`), and waits until it listens.
    public static func start(_ arguments: [String] = []) async throws -> ChildServer {
        let directory = TemporaryDirectory("child")
        let process = try await ServerProcess.start(arguments: [
            "--certs", directory.file("certs"), "--db", directory.file("data/countersign.sqlite"),
            "--seed", RepositoryFiles.seed, "--openapi", RepositoryFiles.openAPI,
            "--password-iterations", "1000", "--event-loops", "2",
        ] + arguments)
        return ChildServer(directory: directory, process: process)
    }

    deinit {
        process.send(SIGKILL)
        // Reaped on a thread of its own: `waitUntilExit` spins until Foundation's child-exit handler
        // has run on a dispatch thread, which it could never get if every pool thread were waiting
        // here (a whole test run hung that way).
        let (process, directory) = (process, directory)
        Thread {
            process.process.waitUntilExit()
            directory.remove()
        }.start()
    }

    /// The main port.
    public var port: Int { process.port }

    /// The dev CA certificate the server generated.
    public var caCertificatePath: String { directory.file("certs/ca.pem") }

    /// Every line the server logs (as JSON objects).
    public var logs: LogCapture { process.logs }

    /// The child's process id.
    public var processIdentifier: Int32 { process.process.processIdentifier }
}
