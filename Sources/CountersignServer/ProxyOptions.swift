import Backend
import HTTP
import TLS
import Upstream

/// Proxy mode's settings: the upstream (`--proxy-to`), how it is trusted, its timeouts and limits.
public struct ProxyOptions: Sendable {
    /// The upstream's host and port; nil without `--proxy-to` (no proxy).
    public var upstream: (host: String, port: Int)?
    /// CA file the upstream's chain is verified with; nil uses the system store.
    public var caPath: String?
    /// `sha256/<base64>` of the upstream's public key, checked on top of the chain.
    public var pin: String?
    /// The identity presented to an upstream that requires mutual TLS: a `.p12` file, or a PEM
    /// file holding the certificate and its key.
    public var clientIdentityPath: String?
    public var clientIdentityPassword = "countersign"
    public var connectTimeoutMilliseconds: Int64 = 5_000
    public var answerTimeoutMilliseconds: Int64 = 30_000
    public var maxConnections = 16
    public var maxQueuedRequests = 256
    public var maxBodyBytes = 8 << 20
    public var maxHeaderBytes = 16 << 10
    public var badSignature = UpstreamProxy.BadSignature.forward
    /// The folder recorded stubs go to from the start (`--record`); nil records nothing until asked.
    public var recordFolder: String?

    /// Where the system's CA certificates are on Debian and Ubuntu.
    static let systemTrustStore = "/etc/ssl/certs/ca-certificates.crt"

    public init() {}

    /// The proxy, its worker threads started; nil without `--proxy-to`.
    func makeProxy() throws(UpstreamFailure) -> UpstreamProxy? {
        guard let configuration = upstreamConfiguration else { return nil }
        return try UpstreamProxy(configuration: configuration, badSignature: badSignature)
    }

    /// The upstream client's configuration; nil without `--proxy-to`.
    var upstreamConfiguration: UpstreamConfiguration? {
        guard let upstream else { return nil }
        let isPKCS12 = clientIdentityPath.map { $0.lowercased().hasSuffix(".p12") || $0.lowercased().hasSuffix(".pfx") } ?? false
        let tls = TLSClientConfiguration(
            trustRootsPEMPath: caPath ?? Self.systemTrustStore,
            pinnedSPKISHA256Base64: pin.map { String($0.dropFirst("sha256/".count)) },
            serverName: upstream.host,
            clientCertificatePEMPath: isPKCS12 ? nil : clientIdentityPath,
            clientPrivateKeyPEMPath: isPKCS12 ? nil : clientIdentityPath,
            clientPKCS12Path: isPKCS12 ? clientIdentityPath : nil,
            clientPKCS12Password: isPKCS12 ? clientIdentityPassword : nil)
        return UpstreamConfiguration(
            host: upstream.host, port: upstream.port, tls: tls, connectTimeoutMilliseconds: Int(connectTimeoutMilliseconds),
            answerTimeoutMilliseconds: Int(answerTimeoutMilliseconds), maxConnections: maxConnections, maxQueuedRequests: maxQueuedRequests,
            limits: HTTPLimits(maxHeaderBytes: maxHeaderBytes, maxBodyBytes: maxBodyBytes))
    }
}
