import Crypto

extension SignatureScheme {
    /// The digest of `canonical` signed with `secret` under this scheme. The MD5 schemes hash the
    /// secret and the pieces, assembled in one buffer, with `md5`: one hasher reused across secrets
    /// and candidates, on the calling thread only.
    func digest(_ canonical: CanonicalRequest, secret: String, md5: Hasher) -> Digest {
        switch self {
        case .hmacSHA256:
            canonical.withBytes { Digest(HMAC.sha256(key: secret.utf8, message: $0)) }
        case .md5, .topMD5:
            canonical.withBytes(prefix: self == .topMD5 ? secret : "", suffix: secret) { bytes in
                md5.update(bytes)
                return md5.finalizeDigest()
            }
        }
    }
}
