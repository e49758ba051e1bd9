extension DevelopmentPKI {
    /// Who signs a pinning-test certificate.
    private enum PinningTestIssuer {
        /// Nobody: the certificate is self-signed.
        case itself
        /// The development CA, which clients trust.
        case developmentAuthority
        /// A throwaway CA that no client trusts.
        case untrustedAuthority
    }

    /// One pinning-test listener's identity: file name, certificate, signer and what it demonstrates.
    private struct PinningTest {
        let portOffset: Int
        let fileName: String
        let template: CertificateTemplate
        let issuer: PinningTestIssuer
        let description: String
    }

    private static let pinningTests = [
        PinningTest(portOffset: 1, fileName: "self-signed", template: .foreignServer, issuer: .itself,
                    description: "self-signed certificate for localhost with another key: pin mismatch"),
        PinningTest(portOffset: 2, fileName: "expired", template: .expiredServer, issuer: .developmentAuthority,
                    description: "certificate for localhost signed by the development CA, expired a year ago"),
        PinningTest(portOffset: 3, fileName: "wrong-host", template: .wrongHostServer, issuer: .developmentAuthority,
                    description: "certificate signed by the development CA for wrong.host.invalid only: hostname mismatch"),
        PinningTest(portOffset: 4, fileName: "unknown-issuer", template: .foreignServer, issuer: .untrustedAuthority,
                    description: "certificate for localhost from a CA that is not the development CA: unknown issuer"),
    ]

    /// The identities of the four pinning-test listeners (+1 to +4), created under `paths.pinningTests` when
    /// missing (or, for the two signed by the development CA, when signed by an earlier CA). Needs the CA:
    /// call `ensure(at:options:)` first.
    public static func ensurePinningTestIdentities(
        at paths: CertificatePaths,
        options: CertificateOptions
    ) throws(CertificateError) -> [PinningTestIdentity] {
        try FileStore.createDirectory(paths.pinningTests)
        return try FileStore.withExclusiveAccess(to: paths.directory) { () throws(CertificateError) -> [PinningTestIdentity] in
            let authority = try usableAuthority(at: paths)
            let folder = CertificatePaths(directory: paths.pinningTests)
            var identities: [PinningTestIdentity] = []
            for test in pinningTests {
                let files = IdentityFiles(
                    certificatePath: folder.file(test.fileName + ".pem"), keyPath: folder.file(test.fileName + ".key"))
                let isUsable = { (identity: Identity) in
                    test.issuer != .developmentAuthority || identity.certificate.isSigned(by: authority.key)
                }
                if try files.load(where: isUsable) == nil {
                    let issuer: Identity? = switch test.issuer {
                    case .itself: nil
                    case .developmentAuthority: authority
                    case .untrustedAuthority: try untrustedAuthority(keyType: options.keyType)
                    }
                    _ = try files.issue(test.template, keyType: options.keyType, by: issuer)
                }
                identities.append(PinningTestIdentity(
                    portOffset: test.portOffset, certificatePEMPath: files.certificatePath,
                    privateKeyPEMPath: files.keyPath, description: test.description))
            }
            return identities
        }
    }

    /// A new CA kept only in memory, to sign the +4 certificate.
    private static func untrustedAuthority(keyType: KeyType) throws(CertificateError) -> Identity {
        let key = try PrivateKey.generate(keyType)
        return Identity(certificate: try CertificateTemplate.untrustedAuthority.issue(for: key, by: nil), key: key)
    }
}
