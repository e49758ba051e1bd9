/// Where each file of the development PKI lives inside its folder (`server-certs/` by default).
public struct CertificatePaths: Sendable {
    /// The folder holding every file.
    public let directory: String
    /// The development CA certificate (PEM): what clients trust (`curl --cacert`).
    public var caCertificate: String { file("ca.pem") }
    /// The development CA private key (PEM, mode 0600).
    public var caKey: String { file("ca.key") }
    /// The server certificate (PEM), signed by the CA.
    public var serverCertificate: String { file("server.pem") }
    /// The server private key (PEM, mode 0600).
    public var serverKey: String { file("server.key") }
    /// The server certificate in DER: the file an iOS app bundles to pin.
    public var serverDER: String { file("server.cer") }
    /// base64 SHA-256 of the server's SubjectPublicKeyInfo, on one line.
    public var serverSPKIPin: String { file("server.spki-sha256.txt") }
    /// The client certificate (PEM) for mutual TLS, signed by the CA.
    public var clientCertificate: String { file("client.pem") }
    /// The client private key (PEM, mode 0600).
    public var clientKey: String { file("client.key") }
    /// The client certificate and key as PKCS#12 (mode 0600), protected by the configured password.
    public var clientP12: String { file("client.p12") }
    /// The folder of the pinning-test identities.
    public var pinningTests: String { file("pinning-tests") }

    /// Paths inside `directory` (relative or absolute).
    public init(directory: String) {
        self.directory = directory
    }

    /// The path of `name` inside the folder.
    func file(_ name: String) -> String {
        if directory.isEmpty { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
