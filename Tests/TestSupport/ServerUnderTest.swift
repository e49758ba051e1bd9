import CountersignClient
import TLS

/// A real Countersign that tests reach over TLS on 127.0.0.1, exactly as an app would: one running in
/// the test process (`TestServer`) or in a child process of its own (`ChildServer`).
public protocol ServerUnderTest: AnyObject {
    /// The main port.
    var port: Int { get }
    /// The dev CA certificate (PEM) the server's certificate is issued by.
    var caCertificatePath: String { get }
    /// Every line the server logs.
    var logs: LogCapture { get }
}

extension ServerUnderTest {
    /// TLS settings of a well-configured app: trusts the dev CA, checks `localhost`.
    public func clientTLS() -> TLSClientConfiguration {
        TLSClientConfiguration(trustRootsPEMPath: caCertificatePath, serverName: "localhost")
    }

    /// A client connected to `port` (the main one by default), whose reads and writes give up after
    /// `timeoutSeconds`.
    public func client(port: Int? = nil, tls: TLSClientConfiguration? = nil, timeoutSeconds: Int = Patience.seconds) throws -> TLSClient {
        try TLSClient(host: "127.0.0.1", port: port ?? self.port, tls: tls ?? clientTLS(), timeoutSeconds: timeoutSeconds)
    }

    /// An HTTP/2 client (ALPN `h2`) for `port` (the main one by default).
    public func http2Client(port: Int? = nil, tls: TLSClientConfiguration? = nil) throws -> HTTP2Client {
        try HTTP2Client(host: "127.0.0.1", port: port ?? self.port, tls: tls ?? clientTLS(), timeoutSeconds: Patience.seconds)
    }

    /// A signer with the default app's secret.
    public func signer() -> MobileRequestSigner { MobileRequestSigner(secret: TestServer.defaultSecret) }
}
