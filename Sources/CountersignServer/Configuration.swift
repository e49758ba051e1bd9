import Backend
import Certificates
import HTTP2
import Store
import TLS
import Telemetry
import Transport

/// Everything `countersign serve` can be told, with the defaults that make it work with no arguments.
/// Built once from flags and `COUNTERSIGN_*` variables (flags win) and validated before anything starts.
public struct Configuration: Sendable {
    public var host = "0.0.0.0"
    public var port = 8443
    public var databasePath = "data/countersign.sqlite"
    public var certificatesDirectory = "server-certs"
    public var seedPath = "seed.sql"
    public var openAPIPath = "docs/openapi.yaml"
    public var stubsDirectory = "stubs"
    /// The OpenAPI document whose operations are imported at start (`--import-openapi`).
    public var importOpenAPIPath: String?
    /// The envelope dialect file (`--envelope-dialect`).
    public var envelopeDialectPath: String?
    public var secret: String?
    public var signedHeaders = ["X-API-VERSION", "Authorization", "X-DEVICE-ID"]
    public var signature = BackendSettings.SignatureRequirement.required
    public var versionHeader: String? = "X-API-VERSION"
    public var replayWindowSeconds: Int64?
    public var loginThrottle: LoginThrottlePolicy? = LoginThrottlePolicy()
    public var tokenTTLSeconds: Int64 = 7 * 86_400
    public var timeZone = "Asia/Shanghai"
    public var clientAuth = ClientAuthentication.off
    public var httpStatus = BackendSettings.HTTPStatusStyle.semantic
    public var mode = BackendSettings.Mode.development
    public var adminToken: String?
    public var pinningTests = false
    public var clientP12Password = "countersign"
    public var extraHosts: [String] = []
    public var keyType = KeyType.ecdsaP256
    public var journalSize = 10_000
    public var journalBytes = JournalLimits.defaultBytes
    public var journalAnswerBytes = JournalEntryBuilder.defaultAnswerBytes
    public var logFormat = Logger.Format.text
    public var eventLoops = ProcessorCount.online
    public var maxConnections = 10_000
    /// How long a connection may take for each phase (handshake, headers, idle, write stall).
    public var timeouts = ConnectionTimeouts()
    public var passwordIterations = 100_000
    public var sessionResumption = true
    /// Proxy mode (`--proxy-to` and the `--proxy-*` settings).
    public var proxy = ProxyOptions()
    /// Whether ALPN offers `h2` before `http/1.1` on every listener.
    public var http2 = true
    /// The HTTP/2 limits (streams, header list, window, resets); the body limit is HTTP/1.1's.
    public var http2Limits = HTTP2Settings()

    /// The defaults.
    public init() {}
}
