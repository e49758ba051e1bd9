import Crypto

/// Password hashing and token minting.
enum Credentials {
    /// A new password hash: PBKDF2-HMAC-SHA256 with a fresh 16-byte salt, both as lowercase hex.
    static func hashPassword(_ password: String, iterations: Int) -> (hash: String, salt: String) {
        let salt = SecureRandom.bytes(16)
        return (Hex.encode(PBKDF2.sha256(password: password, salt: salt, iterations: iterations)), Hex.encode(salt))
    }

    /// Whether `password` matches a stored hash, compared in constant time.
    static func verifyPassword(_ password: String, hash: String, salt: String, iterations: Int) -> Bool {
        guard let saltBytes = Hex.decode(salt), let expected = Hex.decode(hash), iterations > 0 else { return false }
        let derived = PBKDF2.sha256(password: password, salt: saltBytes, iterations: iterations, length: expected.count)
        return ConstantTime.equals(derived, expected)
    }

    /// A new bearer token: 256 random bits as 64 hex digits.
    static func newToken() -> String { Hex.encode(SecureRandom.bytes(32)) }

    /// What the database stores instead of the token: its SHA-256 in hex, computed with `hasher`
    /// (a SHA-256 hasher that callers on a hot path keep between calls).
    static func tokenHash(_ token: Substring, hasher: Crypto.Hasher = Crypto.Hasher(algorithm: .sha256)) -> String {
        var token = token
        token.withUTF8 { hasher.update(UnsafeRawBufferPointer($0)) }
        return hasher.finalizeDigest().hex()
    }
}
