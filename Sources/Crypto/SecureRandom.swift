import COpenSSL

/// Cryptographically secure random bytes from OpenSSL's DRBG.
public enum SecureRandom {
    /// `count` random bytes.
    public static func bytes(_ count: Int) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: count)
        let status = output.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32(count)) }
        // A DRBG that cannot produce bytes means tokens would be guessable: stopping is the only safe answer.
        precondition(status == 1, "RAND_bytes failed")
        return output
    }
}
