import COpenSSL

/// HMAC-SHA256 through OpenSSL.
public enum HMAC {
    /// The HMAC-SHA256 of `message` keyed with `key`.
    public static func sha256(key: some Collection<UInt8>, message: some Collection<UInt8>) -> [UInt8] {
        let key = Array(key)
        let message = Array(message)
        var output = [UInt8](repeating: 0, count: DigestAlgorithm.sha256.outputSize)
        var length = 0
        let status = key.withUnsafeBytes { keyBuffer in
            message.withUnsafeBytes { messageBuffer in
                output.withUnsafeMutableBytes { outputBuffer in
                    EVP_Q_mac(nil, "HMAC", nil, "SHA256", nil,
                              keyBuffer.baseAddress, keyBuffer.count,
                              messageBuffer.baseAddress?.assumingMemoryBound(to: UInt8.self), messageBuffer.count,
                              outputBuffer.baseAddress?.assumingMemoryBound(to: UInt8.self), outputBuffer.count, &length)
                }
            }
        }
        precondition(status != nil && length == output.count, "HMAC-SHA256 failed")
        return output
    }
}
