/// How the canonical string and the app's secret become `X-SIGNATURE` (uppercase hex in every scheme).
public enum SignatureScheme: String, Sendable, CaseIterable {
    /// `md5(canonical + secret)`: the clients' default.
    case md5
    /// `md5(secret + canonical + secret)`, as TOP-style gateways sign.
    case topMD5 = "top-md5"
    /// `HMAC-SHA256(key: secret, message: canonical)`.
    case hmacSHA256 = "hmac-sha256"

    /// The size of the digest in bytes (what `X-SIGNATURE` decodes to).
    var digestLength: Int {
        switch self {
        case .md5, .topMD5: 16
        case .hmacSHA256: 32
        }
    }
}
