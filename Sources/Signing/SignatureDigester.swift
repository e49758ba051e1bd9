import Crypto

/// Computes signature digests for one scheme, streaming the canonical bytes and the secret into
/// one hasher that is reused across secrets and candidates.
///
/// Not `Sendable` (it owns a `Hasher`): make one per verification, on the calling thread.
struct SignatureDigester {
    let scheme: SignatureScheme
    /// The MD5 hasher of the `md5` and `top-md5` schemes; nil for `hmac-sha256`.
    private let hasher: Hasher?

    init(scheme: SignatureScheme) {
        self.scheme = scheme
        hasher = scheme == .hmacSHA256 ? nil : Hasher(algorithm: .md5)
    }

    /// The digest of `message` signed with `secret`.
    func digest(_ message: [UInt8], secret: String) -> [UInt8] {
        guard let hasher else { return HMAC.sha256(key: secret.utf8, message: message) }
        if scheme == .topMD5 { hasher.update(secret) }
        hasher.update(message)
        hasher.update(secret)
        return hasher.finalize()
    }
}
