import COpenSSL

/// Password-based key derivation (PBKDF2-HMAC-SHA256) through OpenSSL.
public enum PBKDF2 {
    /// Derives `length` bytes from `password` and `salt` with `iterations` rounds.
    public static func sha256(password: String, salt: [UInt8], iterations: Int, length: Int = 32) -> [UInt8] {
        precondition(iterations > 0 && length > 0, "PBKDF2 needs positive iterations and length")
        var output = [UInt8](repeating: 0, count: length)
        let passwordBytes = Array(password.utf8)
        let status = passwordBytes.withUnsafeBufferPointer { passwordBuffer in
            passwordBuffer.withMemoryRebound(to: CChar.self) { password in
                output.withUnsafeMutableBufferPointer { out in
                    PKCS5_PBKDF2_HMAC(password.baseAddress, Int32(password.count), salt, Int32(salt.count),
                                      Int32(clamping: iterations), DigestAlgorithm.sha256.handle,
                                      Int32(length), out.baseAddress)
                }
            }
        }
        precondition(status == 1, "PKCS5_PBKDF2_HMAC failed")
        return output
    }
}
