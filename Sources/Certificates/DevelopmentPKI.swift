/// The development PKI in `server-certs/`: a CA, a server identity signed by it (plus the files mobile
/// clients pin with), a client identity for mutual TLS, and the pinning-test identities.
///
/// Which files depend on which (a file is regenerated when what it depends on is):
/// - `ca.key` + `ca.pem`: the root. Missing, unreadable, not matching each other or expiring within a day:
///   a new CA, and then every certificate below is reissued, since none verifies with the new key.
/// - `server.key` + `server.pem`: reissued together when either is missing, they do not match, the
///   certificate is not signed by the CA, misses a configured host, or expires within a day.
/// - `server.cer`, `server.spki-sha256.txt`: derived from `server.pem`; rewritten whenever they differ.
/// - `client.key` + `client.pem`: as the server pair (signed by the CA, not expiring within a day).
/// - `client.p12`: derived from the client pair and the password; rewritten when it does not open with
///   the configured password or does not hold `client.pem`.
///
/// Every file is written to a temporary name and renamed into place, keys before certificates, and the
/// whole generation runs under a lock on the folder.
public enum DevelopmentPKI {
    /// A certificate is renewed when it would expire within this many seconds.
    static let renewalMargin = 86_400

    /// Creates every missing or inconsistent file and reuses the others. Returns the names of the files it
    /// wrote, relative to the folder (empty when everything was reused), so the server can print them.
    public static func ensure(at paths: CertificatePaths, options: CertificateOptions) throws(CertificateError) -> [String] {
        let serverNames = try serverNames(for: options)
        try FileStore.createDirectory(paths.directory)
        return try FileStore.withExclusiveAccess(to: paths.directory) { () throws(CertificateError) -> [String] in
            var written: [String] = []
            let directory = paths.directory
            let authority = try IdentityFiles(certificatePath: paths.caCertificate, keyPath: paths.caKey).loadOrIssue(
                .developmentAuthority, keyType: options.keyType, by: nil,
                where: { $0.certificate.isValid(forAnother: renewalMargin) }, recordingIn: &written, relativeTo: directory)
            let server = try IdentityFiles(certificatePath: paths.serverCertificate, keyPath: paths.serverKey).loadOrIssue(
                .server(serverNames, days: options.serverValidityDays), keyType: options.keyType, by: authority,
                where: { isCurrent($0, signedBy: authority) && serverNames.allSatisfy($0.certificate.isValid(for:)) },
                recordingIn: &written, relativeTo: directory)
            written += try writeServerPins(of: server, at: paths)
            let client = try IdentityFiles(certificatePath: paths.clientCertificate, keyPath: paths.clientKey).loadOrIssue(
                .client, keyType: options.keyType, by: authority, where: { isCurrent($0, signedBy: authority) },
                recordingIn: &written, relativeTo: directory)
            written += try writeClientBundle(of: client, at: paths, password: options.clientP12Password)
            return written
        }
    }

    /// Replaces the server key and certificate with new ones from the same CA, and rewrites `server.cer`
    /// and the pin file. Fails with `.authorityUnavailable` when there is no usable CA.
    public static func renewServer(at paths: CertificatePaths, options: CertificateOptions) throws(CertificateError) {
        let serverNames = try serverNames(for: options)
        try FileStore.withExclusiveAccess(to: paths.directory) { () throws(CertificateError) in
            let authority = try usableAuthority(at: paths)
            let serverFiles = IdentityFiles(certificatePath: paths.serverCertificate, keyPath: paths.serverKey)
            let server = try serverFiles.issue(
                .server(serverNames, days: options.serverValidityDays), keyType: options.keyType, by: authority)
            _ = try writeServerPins(of: server, at: paths)
        }
    }

    /// base64(SHA-256(DER SubjectPublicKeyInfo)) of the PEM certificate at `pemPath`.
    public static func spkiPin(ofCertificateAt pemPath: String) throws(CertificateError) -> String {
        guard let certificate = try Certificate.load(from: pemPath) else {
            throw CertificateError(.invalidFile, path: pemPath, reason: "no PEM certificate here")
        }
        return try certificate.spkiPin()
    }

    /// The CA in `paths`, which must exist and match its key.
    static func usableAuthority(at paths: CertificatePaths) throws(CertificateError) -> Identity {
        let files = IdentityFiles(certificatePath: paths.caCertificate, keyPath: paths.caKey)
        guard let authority = try files.load() else {
            throw CertificateError(.authorityUnavailable, path: paths.caCertificate,
                                   reason: "no development CA with its matching key; create the PKI first")
        }
        return authority
    }

    /// Whether `identity` was signed by `authority` and stays valid past the renewal margin.
    static func isCurrent(_ identity: Identity, signedBy authority: Identity) -> Bool {
        identity.certificate.isSigned(by: authority.key) && identity.certificate.isValid(forAnother: renewalMargin)
    }

    /// localhost, 127.0.0.1, ::1 and the extra hosts; validates the options on the way.
    private static func serverNames(for options: CertificateOptions) throws(CertificateError) -> [SubjectAlternativeName] {
        guard (1...CertificateOptions.maximumServerValidityDays).contains(options.serverValidityDays) else {
            throw CertificateError(.invalidOptions, reason:
                "the server validity must be 1 to \(CertificateOptions.maximumServerValidityDays) days (Apple's limit)")
        }
        var names = SubjectAlternativeName.loopback
        for host in options.extraHosts {
            let name = try SubjectAlternativeName(host: host)
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// `server.cer` and `server.spki-sha256.txt`, rewritten when they differ from the server certificate.
    private static func writeServerPins(of server: Identity, at paths: CertificatePaths) throws(CertificateError) -> [String] {
        var written: [String] = []
        if try FileStore.update(paths.serverDER, with: server.certificate.derEncoded(), mode: FileStore.publicMode) {
            written.append("server.cer")
        }
        let pinLine = Array((try server.certificate.spkiPin() + "\n").utf8)
        if try FileStore.update(paths.serverSPKIPin, with: pinLine, mode: FileStore.publicMode) {
            written.append("server.spki-sha256.txt")
        }
        return written
    }

    /// `client.p12`, rewritten when it does not open with `password` or holds another certificate.
    private static func writeClientBundle(of client: Identity, at paths: CertificatePaths, password: String) throws(CertificateError) -> [String] {
        if let existing = try FileStore.read(paths.clientP12),
           PKCS12Bundle.contents(existing, holdFor: client.certificate, password: password) {
            return []
        }
        try FileStore.write(PKCS12Bundle.encode(client, password: password), to: paths.clientP12, mode: FileStore.privateMode)
        return ["client.p12"]
    }
}
