/// How a server `TLSContext` is built: its identity, client authentication, resumption and ALPN.
public struct TLSServerConfiguration: Sendable {
    /// PEM file with the server certificate first, then any intermediate certificates.
    public var certificateChainPEMPath: String
    /// PEM file with the private key of the server certificate.
    public var privateKeyPEMPath: String
    /// PEM file with the certificates sent after the server certificate (the issuing CA), in every
    /// client-authentication mode; nil sends only what `certificateChainPEMPath` holds.
    public var issuerChainPEMPath: String?
    /// PEM file with the CA that signs acceptable client certificates; required unless `clientAuthentication` is `.off`.
    public var clientCAPEMPath: String?
    /// Whether a client certificate is requested or required.
    public var clientAuthentication: ClientAuthentication
    /// Whether clients may resume sessions with TLS 1.3 and TLS 1.2 session tickets (off only for benchmarks).
    public var sessionResumption: Bool
    /// Application protocols the server selects from, in order of preference (`http/1.1`).
    public var alpnProtocols: [String]

    /// Creates a server configuration; everything but the identity has the defaults of `countersign serve`.
    public init(
        certificateChainPEMPath: String,
        privateKeyPEMPath: String,
        issuerChainPEMPath: String? = nil,
        clientCAPEMPath: String? = nil,
        clientAuthentication: ClientAuthentication = .off,
        sessionResumption: Bool = true,
        alpnProtocols: [String] = ["http/1.1"]
    ) {
        self.certificateChainPEMPath = certificateChainPEMPath
        self.privateKeyPEMPath = privateKeyPEMPath
        self.issuerChainPEMPath = issuerChainPEMPath
        self.clientCAPEMPath = clientCAPEMPath
        self.clientAuthentication = clientAuthentication
        self.sessionResumption = sessionResumption
        self.alpnProtocols = alpnProtocols
    }
}
