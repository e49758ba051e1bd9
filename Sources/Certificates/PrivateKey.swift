import COpenSSL
import Crypto

/// A private key (with its public half); owns an OpenSSL `EVP_PKEY`.
final class PrivateKey {
    /// The `EVP_PKEY`.
    let handle: OpaquePointer

    private init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        EVP_PKEY_free(handle)
    }

    /// Generates a new key of `type`.
    static func generate(_ type: KeyType) throws(CertificateError) -> PrivateKey {
        OpenSSLErrorQueue.clear()
        let algorithm = switch type {
        case .ecdsaP256: "EC"
        case .rsa2048: "RSA"
        }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, algorithm, nil) else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot generate a \(type.rawValue) key")
        }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_keygen_init(context) == 1 else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot generate a \(type.rawValue) key")
        }
        let parametersSet = switch type {
        case .ecdsaP256: EVP_PKEY_CTX_set_group_name(context, "P-256")
        case .rsa2048: EVP_PKEY_CTX_set_rsa_keygen_bits(context, 2048)
        }
        var key: OpaquePointer?
        guard parametersSet == 1, EVP_PKEY_generate(context, &key) == 1, let key else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot generate a \(type.rawValue) key")
        }
        return PrivateKey(handle: key)
    }

    /// Reads a PEM key; `nil` when the file is missing or holds no key (it will be regenerated).
    static func load(from path: String) throws(CertificateError) -> PrivateKey? {
        guard let contents = try FileStore.read(path) else { return nil }
        OpenSSLErrorQueue.clear()
        let buffer = try MemoryBuffer(copying: contents)
        guard let key = PEM_read_bio_PrivateKey(buffer.bio, nil, nil, nil) else {
            OpenSSLErrorQueue.clear()
            return nil
        }
        return PrivateKey(handle: key)
    }

    /// Whether this is an RSA key (whose certificates also allow key encipherment).
    var isRSA: Bool {
        EVP_PKEY_get_base_id(handle) == EVP_PKEY_RSA
    }

    /// The key as unencrypted PKCS#8 PEM ("BEGIN PRIVATE KEY").
    func pemEncoded() throws(CertificateError) -> [UInt8] {
        try MemoryBuffer.encode("a private key") { PEM_write_bio_PrivateKey($0, handle, nil, nil, 0, nil, nil) }
    }
}
