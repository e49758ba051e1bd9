import COpenSSL
import Crypto

extension CertificateTemplate {
    /// Adds the extensions of the profile, plus the subject and authority key identifiers.
    func addExtensions(to certificate: Certificate, subjectKey: PrivateKey, issuer: Certificate) throws(CertificateError) {
        var context = X509V3_CTX()
        X509V3_set_ctx(&context, issuer.handle, certificate.handle, nil, nil, 0)
        for (identifier, value) in textExtensions(rsa: subjectKey.isRSA) {
            guard let ext = X509V3_EXT_nconf_nid(nil, &context, identifier, value) else {
                throw OpenSSLErrorQueue.error(.generationFailed, "cannot encode the extension \(value)")
            }
            defer { X509_EXTENSION_free(ext) }
            guard X509_add_ext(certificate.handle, ext, -1) == 1 else {
                throw OpenSSLErrorQueue.error(.generationFailed, "cannot add the extension \(value)")
            }
        }
        if case .server(let names) = profile {
            try addSubjectAlternativeNames(names, to: certificate)
        }
    }

    /// The extensions written in OpenSSL's configuration syntax, in the order they are added (the subject
    /// key identifier must exist before the authority key identifier of a self-signed certificate).
    private func textExtensions(rsa: Bool) -> [(Int32, String)] {
        let identifiers = [(NID_subject_key_identifier, "hash"), (NID_authority_key_identifier, "keyid:always")]
        switch profile {
        case .authority:
            return [(NID_basic_constraints, "critical,CA:TRUE"), (NID_key_usage, "critical,keyCertSign,cRLSign")]
                + identifiers
        case .server:
            let usage = rsa ? "critical,digitalSignature,keyEncipherment" : "critical,digitalSignature"
            return [(NID_basic_constraints, "critical,CA:FALSE"), (NID_key_usage, usage), (NID_ext_key_usage, "serverAuth")]
                + identifiers
        case .client:
            return [(NID_basic_constraints, "critical,CA:FALSE"), (NID_key_usage, "critical,digitalSignature"),
                    (NID_ext_key_usage, "clientAuth")] + identifiers
        }
    }

    /// Built from `GENERAL_NAME`s rather than configuration text, so that no host can inject other names.
    private func addSubjectAlternativeNames(_ names: [SubjectAlternativeName], to certificate: Certificate) throws(CertificateError) {
        guard let list = cs_sk_GENERAL_NAME_new_null() else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot allocate the subject alternative names")
        }
        defer { GENERAL_NAMES_free(list) }
        for name in names {
            let entry = try name.generalName()
            guard cs_sk_GENERAL_NAME_push(list, entry) > 0 else {
                GENERAL_NAME_free(entry)
                throw OpenSSLErrorQueue.error(.generationFailed, "cannot list the subject alternative names")
            }
        }
        guard X509_add1_ext_i2d(certificate.handle, NID_subject_alt_name, UnsafeMutableRawPointer(list), 0, UInt(X509V3_ADD_DEFAULT)) == 1 else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot add the subject alternative names")
        }
    }
}
