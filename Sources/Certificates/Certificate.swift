import COpenSSL
import Crypto
import Glibc

/// An X.509 certificate; owns an OpenSSL `X509`.
final class Certificate {
    /// The `X509`.
    let handle: OpaquePointer

    /// Takes ownership of `handle`.
    init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        X509_free(handle)
    }

    /// Reads a PEM certificate; `nil` when the file is missing or holds no certificate.
    static func load(from path: String) throws(CertificateError) -> Certificate? {
        guard let contents = try FileStore.read(path) else { return nil }
        OpenSSLErrorQueue.clear()
        let buffer = try MemoryBuffer(copying: contents)
        guard let certificate = PEM_read_bio_X509(buffer.bio, nil, nil, nil) else {
            OpenSSLErrorQueue.clear()
            return nil
        }
        return Certificate(handle: certificate)
    }

    /// The certificate in PEM.
    func pemEncoded() throws(CertificateError) -> [UInt8] {
        try MemoryBuffer.encode("a certificate") { PEM_write_bio_X509($0, handle) }
    }

    /// The certificate in DER.
    func derEncoded() throws(CertificateError) -> [UInt8] {
        try MemoryBuffer.encode("a certificate") { i2d_X509_bio($0, handle) }
    }

    /// base64(SHA-256(DER SubjectPublicKeyInfo)).
    func spkiPin() throws(CertificateError) -> String {
        OpenSSLErrorQueue.clear()
        var der: UnsafeMutablePointer<UInt8>?
        let length = i2d_X509_PUBKEY(X509_get_X509_PUBKEY(handle), &der)
        guard length > 0, let der else { throw OpenSSLErrorQueue.error(.generationFailed, "cannot encode the public key") }
        defer { cs_OPENSSL_free(der) }
        return PublicKeyPin.sha256Base64(subjectPublicKeyInfo: Array(UnsafeBufferPointer(start: der, count: Int(length))))
    }

    /// Whether `key` is the private key of this certificate.
    func isCertified(_ key: PrivateKey) -> Bool {
        defer { OpenSSLErrorQueue.clear() }
        return X509_check_private_key(handle, key.handle) == 1
    }

    /// Whether this certificate's signature verifies with `issuerKey`.
    func isSigned(by issuerKey: PrivateKey) -> Bool {
        defer { OpenSSLErrorQueue.clear() }
        return X509_verify(handle, issuerKey.handle) == 1
    }

    /// Whether the certificate names `name` in its subject alternative names.
    func isValid(for name: SubjectAlternativeName) -> Bool {
        defer { OpenSSLErrorQueue.clear() }
        switch name {
        case .dns(let host): return X509_check_host(handle, host, host.utf8.count, 0, nil) == 1
        case .ipAddress(let address): return X509_check_ip_asc(handle, address, 0) == 1
        }
    }

    /// Whether the certificate is still valid `seconds` from now.
    func isValid(forAnother seconds: Int) -> Bool {
        guard let notAfter = X509_get0_notAfter(handle) else { return false }
        var moment = time(nil) + seconds
        return X509_cmp_time(notAfter, &moment) == 1
    }
}
