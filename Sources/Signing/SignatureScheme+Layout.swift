extension SignatureScheme {
    /// `message` with `secret` placed as this scheme places it (for the strings shown or printed;
    /// `digest(_:secret:md5:)` hashes the same layout, assembled by `CanonicalRequest.withBytes`).
    public func layout(message: String, secret: String) -> String {
        switch self {
        case .md5: message + secret
        case .topMD5: secret + message + secret
        case .hmacSHA256: message
        }
    }
}
