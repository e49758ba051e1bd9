import Backend
import Certificates
import CountersignClient
import CountersignServer
import HTTP
import JSON
import System
import TLS
import Telemetry

/// A real Countersign on an ephemeral port, with its own certificates and database in a temporary
/// folder; tests talk TLS to it with the project's client, exactly as an app would.
public final class TestServer: ServerUnderTest, @unchecked Sendable {
    /// The default app's secret in seed.sql.
    public static let defaultSecret = "dev-secret-please-change"
    /// A demo user from seed.sql.
    public static let demoPhone = "13800000000"
    public static let demoPassword = "Passw0rd!"

    public let directory: TemporaryDirectory
    /// Whether the folder is removed with the server: only when the server made it.
    private let ownsDirectory: Bool
    public let server: RunningServer
    /// Every line the server logs.
    public let logs = LogCapture()

    /// Starts a server; `configure` adjusts the configuration (port, certificates and database are set
    /// here); `clock` replaces the system's time of day (a `ManualClock` that the test advances).
    /// Its certificates and database are in `directory`, which outlives the server when given (a
    /// second server started on it finds the first one's files), else in a new temporary folder.
    public init(directory: TemporaryDirectory? = nil, clock: any WallClock = SystemWallClock(),
                _ configure: (inout Configuration) -> Void = { _ in }) throws {
        ownsDirectory = directory == nil
        self.directory = directory ?? TemporaryDirectory("server")
        var configuration = Configuration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.certificatesDirectory = self.directory.file("certs")
        configuration.databasePath = self.directory.file("data/countersign.sqlite")
        configuration.seedPath = RepositoryFiles.seed
        configuration.openAPIPath = RepositoryFiles.openAPI
        configuration.passwordIterations = 1_000
        configuration.eventLoops = 2
        configure(&configuration)
        let logs = self.logs
        let logger = Logger(format: configuration.logFormat, sink: { logs.append($0) })
        logs.attach(flush: logger.flush)
        server = try RunningServer.start(configuration, logger: logger, clock: clock)
    }

    deinit {
        server.shutdown()
        server.wait()
        if ownsDirectory { directory.remove() }
    }

    /// The main port.
    public var port: Int { server.port }

    /// The port of a named listener (`main`, or a pinning-test listener).
    public func port(of listener: String) -> Int? { server.listeners.first { $0.name == listener }?.address.port }

    /// The certificate files.
    public var certificates: CertificatePaths { server.certificates }

    /// The dev CA certificate.
    public var caCertificatePath: String { certificates.caCertificate }
}
