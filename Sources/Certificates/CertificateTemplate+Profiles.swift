extension CertificateTemplate {
    private static let day = 86_400
    /// New certificates start an hour in the past, for devices whose clock is a little behind.
    private static let backdating = -3_600

    /// The development CA: ten years.
    static let developmentAuthority = CertificateTemplate(
        commonName: "Countersign Development CA", profile: .authority, startOffset: backdating, lifetime: 3_650 * day)

    /// The client identity for mutual TLS.
    static let client = CertificateTemplate(
        commonName: "countersign-client", profile: .client, startOffset: backdating,
        lifetime: CertificateOptions.maximumServerValidityDays * day)

    /// The server certificate: CN=localhost, valid for `names` during `days` days.
    static func server(_ names: [SubjectAlternativeName], days: Int) -> CertificateTemplate {
        CertificateTemplate(commonName: "localhost", profile: .server(names), startOffset: backdating, lifetime: days * day)
    }

    /// A server certificate for localhost that expired a year ago (valid from two years ago for a year).
    static let expiredServer = CertificateTemplate(
        commonName: "localhost", organization: "Countersign Pinning Tests", profile: .server(SubjectAlternativeName.loopback),
        startOffset: -730 * day, lifetime: 365 * day)

    /// A server certificate valid only for a name no client connects to.
    static let wrongHostServer = CertificateTemplate(
        commonName: "wrong.host.invalid", organization: "Countersign Pinning Tests",
        profile: .server([.dns("wrong.host.invalid")]), startOffset: backdating,
        lifetime: CertificateOptions.maximumServerValidityDays * day)

    /// A server certificate for localhost issued outside the development CA (self-signed, or by `untrustedAuthority`).
    static let foreignServer = CertificateTemplate(
        commonName: "localhost", organization: "Countersign Pinning Tests", profile: .server(SubjectAlternativeName.loopback),
        startOffset: backdating, lifetime: CertificateOptions.maximumServerValidityDays * day)

    /// A CA that no client trusts; its key is thrown away once it has signed.
    static let untrustedAuthority = CertificateTemplate(
        commonName: "Countersign Untrusted CA", organization: "Countersign Pinning Tests", profile: .authority,
        startOffset: backdating, lifetime: 3_650 * day)
}
