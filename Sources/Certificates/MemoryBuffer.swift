import COpenSSL
import Crypto

/// An OpenSSL memory BIO, to encode into bytes (PEM, DER, PKCS#12) or to decode from them.
final class MemoryBuffer {
    /// The `BIO`.
    let bio: OpaquePointer

    /// An empty buffer to encode into.
    init() throws(CertificateError) {
        guard let bio = BIO_new(BIO_s_mem()) else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot allocate a memory buffer")
        }
        self.bio = bio
    }

    /// A buffer holding a copy of `bytes`, to decode from.
    init(copying bytes: [UInt8]) throws(CertificateError) {
        guard let bio = BIO_new(BIO_s_mem()) else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot allocate a memory buffer")
        }
        self.bio = bio
        let written = bytes.withUnsafeBytes { BIO_write(bio, $0.baseAddress, Int32(clamping: $0.count)) }
        guard written == bytes.count || bytes.isEmpty else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot fill a memory buffer")
        }
    }

    deinit {
        BIO_free(bio)
    }

    /// Everything written so far.
    var bytes: [UInt8] {
        var data: UnsafeMutablePointer<CChar>?
        let length = cs_BIO_get_mem_data(bio, &data)
        guard let data, length > 0 else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// Runs `write` (an OpenSSL encoder that returns 1 on success) on a fresh buffer and returns its bytes.
    static func encode(_ what: String, _ write: (OpaquePointer) -> Int32) throws(CertificateError) -> [UInt8] {
        let buffer = try MemoryBuffer()
        guard write(buffer.bio) == 1 else {
            throw OpenSSLErrorQueue.error(.generationFailed, "cannot encode \(what)")
        }
        return buffer.bytes
    }
}
