import Mocking
import Signing
import System

/// The backend's part of the configuration, validated once at start.
public struct BackendSettings: Sendable {
    /// `development` explains signature mismatches in `data.diagnosis`; `production` answers `data: null`.
    public enum Mode: String, Sendable, CaseIterable { case development, production }
    /// Whether the HTTP status follows the code (`semantic`) or is always 200.
    public enum HTTPStatusStyle: String, Sendable, CaseIterable { case semantic, always200 = "always-200" }
    /// Whether requests must be signed.
    public enum SignatureRequirement: String, Sendable, CaseIterable {
        /// Every `/api/` request must carry a valid `X-SIGNATURE`.
        case required
        /// A signature is verified when present; unsigned requests pass.
        case optional
        /// Signatures are never enforced (a sent one is still checked, for the journal only).
        case off
    }

    public var mode: Mode = .development
    /// The team's envelope: key names, success and not-logged-in codes, HTTP status policy
    /// (`--envelope-dialect`).
    public var envelope = EnvelopeDialect.standard
    /// The envelope's HTTP status policy (`--http-status`).
    public var httpStatusStyle: HTTPStatusStyle {
        get { envelope.statusPolicy == .always200 ? .always200 : .semantic }
        set { envelope.statusPolicy = newValue == .always200 ? .always200 : .semantic }
    }
    public var signature: SignatureRequirement = .required
    /// The required version header, or nil for none (`--version-header none`).
    public var versionHeader: String? = "X-API-VERSION"
    /// Versions the server accepts in the version header: a handful at most, so an array, whose
    /// comparisons cost a request less than hashing the header for a set would.
    public var supportedVersions: [String] = ["1.0"]
    /// Which headers are signed, in their canonical spelling.
    public var signingPolicy = SigningPolicy()
    /// Replaces the default app's secret when set (`--secret`).
    public var defaultSecretOverride: String?
    /// Replay protection's window in seconds (`--replay-window`), or nil when it is off (the default).
    /// Set with `enableReplayProtection(windowSeconds:)`, which also signs the headers it reads.
    public private(set) var replayWindowSeconds: Int64?
    /// Lifetime of a login token, in seconds (default 7 days).
    public var tokenLifetimeSeconds: Int64 = 7 * 86_400
    /// PBKDF2 rounds for passwords set from now on (default 100,000; lower in tests).
    public var passwordIterations = 100_000
    /// Wrong-password throttling of login (10429), or nil when off (`--login-throttle off`).
    public var loginThrottle: LoginThrottlePolicy? = LoginThrottlePolicy()
    /// The zone in which the check-in day is counted (default Asia/Shanghai).
    public var timeZone: TimeZoneRules
    /// The OpenAPI document served at `/openapi.yaml`, if found at start.
    public var openAPIDocument: [UInt8]?

    /// The defaults, with the check-in day counted in `timeZone`.
    public init(timeZone: TimeZoneRules) {
        self.timeZone = timeZone
    }

    /// Turns replay protection on: `X-TIMESTAMP` must be within `windowSeconds` of the server's clock
    /// and `X-NONCE` unused within the window; both are required and added to the signed headers.
    public mutating func enableReplayProtection(windowSeconds: Int64) {
        replayWindowSeconds = windowSeconds
        for name in ReplayGuard.headers where !signingPolicy.signedHeaders.contains(where: { $0.lowercased() == name.lowercased() }) {
            signingPolicy.signedHeaders.append(name)
        }
    }
}
