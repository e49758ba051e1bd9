import COpenSSL

/// A message digest fetched once from OpenSSL's default provider and shared by every hasher.
///
/// OpenSSL 3 makes implicit fetches (`EVP_md5()`) look the algorithm up on every use;
/// fetching once keeps that off the per-request path.
public final class DigestAlgorithm: @unchecked Sendable {
    /// MD5, the digest of the client's default signing scheme.
    public static let md5 = DigestAlgorithm(name: "MD5")
    /// SHA-256, for token hashes, certificate pins and the HMAC scheme.
    public static let sha256 = DigestAlgorithm(name: "SHA256")

    let handle: OpaquePointer
    /// The digest's output size in bytes.
    public let outputSize: Int

    private init(name: String) {
        // The default provider always has MD5 and SHA-256; without them nothing in the server can work.
        guard let handle = EVP_MD_fetch(nil, name, nil) else {
            preconditionFailure("OpenSSL has no \(name) digest")
        }
        self.handle = handle
        self.outputSize = Int(EVP_MD_get_size(handle))
    }

    deinit { EVP_MD_free(handle) }

    /// The digest of `bytes` in one call.
    public func hash(_ bytes: some Collection<UInt8>) -> [UInt8] {
        let hasher = Hasher(algorithm: self)
        hasher.update(bytes)
        return hasher.finalize()
    }
}
