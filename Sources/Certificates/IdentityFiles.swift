/// A certificate and its key stored as two PEM files, loaded when usable and regenerated otherwise.
///
/// The key is written before the certificate. A process killed between the two renames leaves a new key
/// with the old certificate; they no longer match, so the pair is regenerated on the next start.
struct IdentityFiles {
    /// The certificate file.
    let certificatePath: String
    /// The key file (mode 0600).
    let keyPath: String

    /// The file names relative to `directory`, key first.
    private func names(relativeTo directory: String) -> [String] {
        [keyPath, certificatePath].map { path in
            path.hasPrefix(directory) ? String(path.dropFirst(directory.count).drop { $0 == "/" }) : path
        }
    }

    /// The stored identity if both files exist, the key matches the certificate, and `isUsable` accepts it.
    func load(where isUsable: (Identity) -> Bool = { _ in true }) throws(CertificateError) -> Identity? {
        guard let certificate = try Certificate.load(from: certificatePath),
              let key = try PrivateKey.load(from: keyPath),
              certificate.isCertified(key)
        else { return nil }
        let identity = Identity(certificate: certificate, key: key)
        return isUsable(identity) ? identity : nil
    }

    /// The stored identity if `load(where:)` accepts it, else a newly issued one whose file names (relative
    /// to `directory`) are appended to `written`.
    func loadOrIssue(
        _ template: CertificateTemplate,
        keyType: KeyType,
        by issuer: Identity?,
        where isUsable: (Identity) -> Bool = { _ in true },
        recordingIn written: inout [String],
        relativeTo directory: String
    ) throws(CertificateError) -> Identity {
        if let stored = try load(where: isUsable) { return stored }
        let issued = try issue(template, keyType: keyType, by: issuer)
        written += names(relativeTo: directory)
        return issued
    }

    /// Generates a key, issues a certificate from `template` (signed by `issuer`, self-signed when `nil`),
    /// and stores both.
    func issue(_ template: CertificateTemplate, keyType: KeyType, by issuer: Identity?) throws(CertificateError) -> Identity {
        let key = try PrivateKey.generate(keyType)
        let certificate = try template.issue(for: key, by: issuer)
        try FileStore.write(key.pemEncoded(), to: keyPath, mode: FileStore.privateMode)
        try FileStore.write(certificate.pemEncoded(), to: certificatePath, mode: FileStore.publicMode)
        return Identity(certificate: certificate, key: key)
    }
}
