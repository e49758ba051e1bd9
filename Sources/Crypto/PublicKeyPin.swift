/// The public-key pin of a certificate: base64(SHA-256(DER SubjectPublicKeyInfo)), the value of
/// curl's `--pinnedpubkey sha256//…`, OkHttp, TrustKit and Alamofire.
public enum PublicKeyPin {
    /// The pin of the key whose DER SubjectPublicKeyInfo is `subjectPublicKeyInfo`.
    public static func sha256Base64(subjectPublicKeyInfo: [UInt8]) -> String {
        let hasher = Hasher(algorithm: .sha256)
        hasher.update(subjectPublicKeyInfo)
        return Base64.encode(hasher.finalize())
    }
}
