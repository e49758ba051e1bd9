import Crypto

/// Computes signature digests for one scheme, streaming the canonical bytes and the secret into
/// one hasher that is reused across secrets and candidates.
///
/// Not `Sendable` (it uses a `Hasher`): keep it on the thread that made it.
struct SignatureDigester {
    let scheme: SignatureScheme
    /// The MD5 hasher of the `md5` and `top-md5` schemes; nil for `hmac-sha256`.
    private let hasher: Hasher?

    /// A digester for `scheme` that hashes MD5 with `md5` (a new hasher when nil).
    init(scheme: SignatureScheme, md5: Hasher? = nil) {
        self.scheme = scheme
        hasher = scheme == .hmacSHA256 ? nil : md5 ?? Hasher(algorithm: .md5)
    }

    /// The digest of `canonical` signed with `secret`.
    func digest(_ canonical: CanonicalRequest, secret: String) -> Digest {
        guard let hasher else {
            return canonical.withBytes { Digest(HMAC.sha256(key: secret.utf8, message: $0)) }
        }
        // The secret and the pieces in one buffer, hashed in one call.
        return canonical.withBytes(prefix: scheme == .topMD5 ? secret : "", suffix: secret) { bytes in
            hasher.update(bytes)
            return hasher.finalizeDigest()
        }
    }
}
