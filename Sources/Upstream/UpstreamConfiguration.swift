import HTTP
import TLS

/// The upstream a proxy forwards to, how it is trusted and how far it may go.
public struct UpstreamConfiguration: Sendable {
    /// The upstream's host name or address, sent as `Host` (with the port when it is not 443) and as SNI.
    public var host: String
    public var port: Int
    /// How the upstream is authenticated (CA file, pin) and how the proxy authenticates itself (client identity).
    public var tls: TLSClientConfiguration
    /// The longest wait for the TCP connection and the TLS handshake.
    public var connectTimeoutMilliseconds: Int
    /// The longest wait for the whole answer, from the request's first byte sent to the body's last byte.
    public var answerTimeoutMilliseconds: Int
    /// The most connections open to the upstream at once: one per worker thread.
    public var maxConnections: Int
    /// The most requests waiting for a free connection; beyond it a request is refused at once.
    public var maxQueuedRequests: Int
    /// The upstream answer's limits: its header section and its body, in bytes.
    public var limits: HTTPLimits

    /// An upstream at `host:port` trusted by `tls`.
    public init(host: String, port: Int, tls: TLSClientConfiguration, connectTimeoutMilliseconds: Int = 5_000,
                answerTimeoutMilliseconds: Int = 30_000, maxConnections: Int = 16, maxQueuedRequests: Int = 256,
                limits: HTTPLimits = HTTPLimits(maxBodyBytes: 8 * 1_048_576)) {
        self.host = host
        self.port = port
        self.tls = tls
        self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
        self.answerTimeoutMilliseconds = answerTimeoutMilliseconds
        self.maxConnections = maxConnections
        self.maxQueuedRequests = maxQueuedRequests
        self.limits = limits
    }

    /// The `Host` header the upstream is sent.
    public var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == 443 ? name : "\(name):\(port)"
    }
}
