import COpenSSL
import Crypto

/// What a new certificate says: subject, validity and the extensions of its profile.
struct CertificateTemplate {
    /// What the certificate is for, which decides its extensions.
    enum Profile {
        /// A CA that signs certificates (basicConstraints CA:TRUE, keyCertSign and cRLSign).
        case authority
        /// A TLS server valid for these names (serverAuth).
        case server([SubjectAlternativeName])
        /// A TLS client for mutual TLS (clientAuth).
        case client
    }

    /// The subject's common name.
    var commonName: String
    /// The subject's organization.
    var organization = "Countersign"
    /// What the certificate is for.
    var profile: Profile
    /// Seconds from now to notBefore (negative: in the past).
    var startOffset: Int
    /// Seconds from notBefore to notAfter.
    var lifetime: Int

    /// Issues a certificate for `subjectKey`, signed with SHA-256 by `issuer`, or self-signed when `nil`.
    func issue(for subjectKey: PrivateKey, by issuer: Identity?) throws(CertificateError) -> Certificate {
        OpenSSLErrorQueue.clear()
        guard let handle = X509_new() else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot allocate a certificate")
        }
        let certificate = Certificate(handle: handle)
        let subject = try subjectName()
        defer { X509_NAME_free(subject) }
        try assignRandomSerialNumber(to: handle)
        guard X509_set_version(handle, Int(X509_VERSION_3)) == 1,
              X509_gmtime_adj(X509_getm_notBefore(handle), startOffset) != nil,
              X509_gmtime_adj(X509_getm_notAfter(handle), startOffset + lifetime) != nil,
              X509_set_subject_name(handle, subject) == 1,
              X509_set_issuer_name(handle, issuer.map { X509_get_subject_name($0.certificate.handle) } ?? subject) == 1,
              X509_set_pubkey(handle, subjectKey.handle) == 1
        else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot fill the certificate for \(commonName)")
        }
        try addExtensions(to: certificate, subjectKey: subjectKey, issuer: issuer?.certificate ?? certificate)
        guard X509_sign(handle, (issuer?.key ?? subjectKey).handle, EVP_sha256()) > 0 else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot sign the certificate for \(commonName)")
        }
        return certificate
    }

    /// O first, then CN, so that the RFC 2253 form reads "CN=...,O=...".
    private func subjectName() throws(CertificateError) -> OpaquePointer {
        guard let name = X509_NAME_new() else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot allocate a name")
        }
        for (field, value) in [("O", organization), ("CN", commonName)]
        where X509_NAME_add_entry_by_txt(name, field, MBSTRING_UTF8, value, -1, -1, 0) != 1 {
            X509_NAME_free(name)
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot encode the subject \(field)=\(value)")
        }
        return name
    }

    /// A random positive 128-bit serial number.
    private func assignRandomSerialNumber(to certificate: OpaquePointer) throws(CertificateError) {
        var bytes = [UInt8](repeating: 0, count: 16)
        guard RAND_bytes(&bytes, Int32(bytes.count)) == 1 else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot draw a serial number")
        }
        bytes[0] &= 0x7F
        guard let number = BN_bin2bn(bytes, Int32(bytes.count), nil) else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot encode a serial number")
        }
        defer { BN_free(number) }
        guard BN_to_ASN1_INTEGER(number, X509_get_serialNumber(certificate)) != nil else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot encode a serial number")
        }
    }
}
