/// How a client `TLSContext` authenticates servers (trust roots, pins, host name) and itself (client identity).
///
/// At least one of `trustRootsPEMPath`, `pinnedCertificateDER` and `pinnedSPKISHA256Base64` must be set:
/// a client that authenticates nothing is refused as an invalid configuration.
public struct TLSClientConfiguration: Sendable {
    /// CA file the server chain is verified with; `nil` skips chain verification and relies on the pins.
    public var trustRootsPEMPath: String?
    /// When set, the server's leaf certificate must be exactly these DER bytes.
    public var pinnedCertificateDER: [UInt8]?
    /// When set, base64 SHA-256 of the leaf's SubjectPublicKeyInfo must equal this value.
    public var pinnedSPKISHA256Base64: String?
    /// Sent as SNI (unless it is an IP address) and, with `verifyHostname`, checked against the certificate;
    /// `nil` sends no SNI and checks no name.
    public var serverName: String?
    /// Whether the certificate must be valid for `serverName` (a DNS name or an IP address).
    public var verifyHostname: Bool
    /// PEM file with the client certificate (and its chain) for mutual TLS; needs `clientPrivateKeyPEMPath`.
    public var clientCertificatePEMPath: String?
    /// PEM file with the private key of `clientCertificatePEMPath`.
    public var clientPrivateKeyPEMPath: String?
    /// PKCS#12 file holding the client identity, as an alternative to the two PEM files.
    public var clientPKCS12Path: String?
    /// Password of `clientPKCS12Path`.
    public var clientPKCS12Password: String?
    /// Application protocols offered to the server, in order of preference.
    public var alpnProtocols: [String]
    /// Whether the context keeps the last session ticket and offers it on the next connection.
    public var sessionResumption: Bool
    /// Highest protocol version offered; tests use it to force TLS 1.2.
    var maximumProtocolVersion: TLSProtocolVersion = .tls13

    /// Creates a client configuration; pass at least trust roots or a pin.
    public init(
        trustRootsPEMPath: String? = nil,
        pinnedCertificateDER: [UInt8]? = nil,
        pinnedSPKISHA256Base64: String? = nil,
        serverName: String? = nil,
        verifyHostname: Bool = true,
        clientCertificatePEMPath: String? = nil,
        clientPrivateKeyPEMPath: String? = nil,
        clientPKCS12Path: String? = nil,
        clientPKCS12Password: String? = nil,
        alpnProtocols: [String] = ["http/1.1"],
        sessionResumption: Bool = true
    ) {
        self.trustRootsPEMPath = trustRootsPEMPath
        self.pinnedCertificateDER = pinnedCertificateDER
        self.pinnedSPKISHA256Base64 = pinnedSPKISHA256Base64
        self.serverName = serverName
        self.verifyHostname = verifyHostname
        self.clientCertificatePEMPath = clientCertificatePEMPath
        self.clientPrivateKeyPEMPath = clientPrivateKeyPEMPath
        self.clientPKCS12Path = clientPKCS12Path
        self.clientPKCS12Password = clientPKCS12Password
        self.alpnProtocols = alpnProtocols
        self.sessionResumption = sessionResumption
    }
}
