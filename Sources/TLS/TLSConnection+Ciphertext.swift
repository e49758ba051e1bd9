import COpenSSL
import Crypto

extension TLSConnection {
    /// Hands the engine bytes read from the socket.
    public func receiveCiphertext(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { receiveCiphertext($0) }
    }

    /// Hands the engine bytes read from the socket. They are copied; the buffer may be reused at once.
    public func receiveCiphertext(_ bytes: UnsafeRawBufferPointer) {
        if case .failed = state { return }
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        // No clearing of the error queue first (about 200 instructions): a memory BIO's write fails
        // only when memory runs out, and the engine's calls that follow clear it before they run.
        while remaining > 0 {
            let written = BIO_write(incoming, next, Int32(clamping: remaining))
            guard written > 0 else {
                state = .failed(OpenSSLErrorQueue.error(.io))
                return
            }
            next += Int(written)
            remaining -= Int(written)
        }
    }

    /// Whether bytes received from the peer wait in the engine: ciphertext not yet decrypted, or
    /// plaintext decrypted and not yet read.
    public var hasUnreadInput: Bool {
        BIO_ctrl_pending(incoming) > 0 || SSL_has_pending(ssl) != 0
    }

    /// Whether bytes wait to be sent to the peer.
    public var hasPendingCiphertext: Bool {
        BIO_ctrl_pending(outgoing) > 0
    }

    /// Moves the bytes waiting for the peer to the end of `buffer`; returns how many were appended.
    public func drainCiphertext(into buffer: inout [UInt8]) -> Int {
        let pending = Int(Int32(clamping: BIO_ctrl_pending(outgoing)))
        guard pending > 0 else { return 0 }
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: pending))
        let read = buffer.withUnsafeMutableBytes { bytes -> Int32 in
            guard let base = bytes.baseAddress else { return 0 }
            return BIO_read(outgoing, base + start, Int32(pending))
        }
        let moved = max(Int(read), 0)
        buffer.removeLast(pending - moved)
        return moved
    }
}
