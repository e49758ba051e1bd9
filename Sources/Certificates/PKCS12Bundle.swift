import COpenSSL
import Crypto

/// The client identity as PKCS#12, in the one profile that every client platform imports:
/// key and certificate encrypted with PBE-SHA1-3DES, integrity by an HMAC-SHA1 MAC.
///
/// iOS's `SecPKCS12Import` and older Android keystores reject bundles with AES/PBES2 encryption or a
/// SHA-256 MAC (errors -25293 / -25264 on iOS), while OpenSSL 3 still reads this profile without
/// `-legacy` (3DES is in its default provider; only RC2 needs the legacy one).
enum PKCS12Bundle {
    /// The name clients show for the identity.
    static let friendlyName = "countersign-client"

    /// Encodes `identity` protected by `password`.
    static func encode(_ identity: Identity, password: String) throws(CertificateError) -> [UInt8] {
        OpenSSLErrorQueue.clear()
        // mac_iter -1: no MAC yet; PKCS12_set_mac then adds the SHA-1 one explicitly.
        guard let bundle = PKCS12_create_ex(
            password, friendlyName, identity.key.handle, identity.certificate.handle, nil,
            NID_pbe_WithSHA1And3_Key_TripleDES_CBC, NID_pbe_WithSHA1And3_Key_TripleDES_CBC, PKCS12_DEFAULT_ITER, -1, 0, nil, nil)
        else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot create the PKCS#12 bundle")
        }
        defer { PKCS12_free(bundle) }
        guard PKCS12_set_mac(bundle, password, -1, nil, 0, PKCS12_DEFAULT_ITER, EVP_sha1()) == 1 else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot add the PKCS#12 integrity check")
        }
        return try MemoryBuffer.encode("the PKCS#12 bundle") { i2d_PKCS12_bio($0, bundle) }
    }

    /// Whether `contents` opens with `password` and holds `certificate`.
    static func contents(_ contents: [UInt8], holdFor certificate: Certificate, password: String) -> Bool {
        defer { OpenSSLErrorQueue.clear() }
        guard let buffer = try? MemoryBuffer(copying: contents), let bundle = d2i_PKCS12_bio(buffer.bio, nil) else {
            return false
        }
        defer { PKCS12_free(bundle) }
        var key: OpaquePointer?
        var stored: OpaquePointer?
        var chain: OpaquePointer?
        guard PKCS12_parse(bundle, password, &key, &stored, &chain) == 1 else { return false }
        defer {
            EVP_PKEY_free(key)
            X509_free(stored)
            if let chain { cs_sk_X509_pop_free(chain) }
        }
        return stored.map { X509_cmp($0, certificate.handle) == 0 } ?? false
    }
}
