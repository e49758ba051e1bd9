import TLS

/// One address the server accepts TLS connections on, with the certificate it presents there.
public struct ListenerConfiguration: Sendable {
    /// A short name shown in logs and given to the responder (`main`, `pin-other-key`, ...).
    public var name: String
    /// The host to bind (`0.0.0.0`, `::`, `127.0.0.1`).
    public var host: String
    /// The port; 0 lets the kernel choose.
    public var port: Int
    /// The TLS context for new connections; replacing its content reloads the certificate.
    public var tls: TLSContextBox

    /// A listener on `host:port` presenting `tls`.
    public init(name: String, host: String, port: Int, tls: TLSContextBox) {
        self.name = name
        self.host = host
        self.port = port
        self.tls = tls
    }
}
