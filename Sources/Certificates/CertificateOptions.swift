/// What the development PKI generates: key type, extra server names, the client bundle password and the
/// server certificate lifetime.
public struct CertificateOptions: Sendable {
    /// Apple platforms reject TLS server certificates valid for longer than this many days.
    public static let maximumServerValidityDays = 825

    /// The key type of newly generated keys (existing keys are kept as they are).
    public var keyType: KeyType
    /// More DNS names or IP addresses for the server certificate, besides localhost, 127.0.0.1 and ::1
    /// (for example the laptop's LAN address, for a phone on Wi-Fi).
    public var extraHosts: [String]
    /// The password of `client.p12`.
    public var clientP12Password: String
    /// How long a new server certificate is valid, 1 to `maximumServerValidityDays` days.
    public var serverValidityDays: Int

    /// Creates options; the defaults are those of `countersign serve`.
    public init(
        keyType: KeyType = .ecdsaP256,
        extraHosts: [String] = [],
        clientP12Password: String = "countersign",
        serverValidityDays: Int = CertificateOptions.maximumServerValidityDays
    ) {
        self.keyType = keyType
        self.extraHosts = extraHosts
        self.clientP12Password = clientP12Password
        self.serverValidityDays = serverValidityDays
    }
}
