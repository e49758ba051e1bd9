import COpenSSL
import Crypto

extension TLSConnection {
    /// The most plaintext one TLS record carries; one read never returns more.
    private static let maximumRecordPlaintext = 16_384

    /// Decrypts what the received ciphertext holds and appends it to `buffer`. Finishes the handshake first
    /// if it is still under way.
    public func readPlaintext(into buffer: inout [UInt8]) -> TLSReadResult {
        switch state {
        case .handshaking:
            switch handshake() {
            case .complete: break
            case .wantsMoreData: return .wantsMoreData
            case .failed(let error): return .failed(error)
            }
        case .established: break
        case .closedByPeer: return .closed
        case .failed(let error): return .failed(error)
        }
        OpenSSLErrorQueue.clear()
        var total = 0
        while true {
            var read = 0
            let returnCode = readRecord(into: &buffer, count: &read)
            total += read
            if returnCode == 1 {
                // Nothing left to decrypt: another read would only report that it wants more data.
                if BIO_ctrl_pending(incoming) == 0 && SSL_has_pending(ssl) == 0 { return .bytesRead(total) }
                continue
            }
            switch failure(of: returnCode, duringHandshake: false) {
            case .wantsMoreData:
                return total > 0 ? .bytesRead(total) : .wantsMoreData
            case .closed:
                state = .closedByPeer
                return total > 0 ? .bytesRead(total) : .closed
            case .failed(let error):
                state = .failed(error)
                return total > 0 ? .bytesRead(total) : .failed(error)
            }
        }
    }

    /// Reads at most one record's plaintext straight into the end of `buffer` (no intermediate copy),
    /// sized from what is pending so that small requests do not grow the buffer by a whole record.
    private func readRecord(into buffer: inout [UInt8], count read: inout Int) -> Int32 {
        let pending = Int(BIO_ctrl_pending(incoming)) + Int(SSL_pending(ssl))
        let room = min(max(pending, 1), Self.maximumRecordPlaintext)
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: room))
        let returnCode = buffer.withUnsafeMutableBytes { bytes -> Int32 in
            guard let base = bytes.baseAddress else { return 0 }
            return SSL_read_ex(ssl, base + start, room, &read)
        }
        buffer.removeLast(room - read)
        return returnCode
    }

    /// Encrypts the bytes of an array; see `writePlaintext(_:)` for a raw buffer.
    public func writePlaintext(_ bytes: [UInt8]) -> TLSWriteResult {
        bytes.withUnsafeBytes { writePlaintext($0) }
    }

    /// Encrypts `bytes` into records waiting in the ciphertext buffer. The memory buffer grows as needed,
    /// so every byte is taken unless the session failed.
    public func writePlaintext(_ bytes: UnsafeRawBufferPointer) -> TLSWriteResult {
        switch state {
        case .handshaking: return .failed(TLSError(.notEstablished))
        case .failed(let error): return .failed(error)
        case .established, .closedByPeer: break
        }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return .complete }
        OpenSSLErrorQueue.clear()
        var written = 0
        let returnCode = SSL_write_ex(ssl, base, bytes.count, &written)
        guard returnCode == 1, written == bytes.count else {
            let error: TLSError
            switch failure(of: returnCode, duringHandshake: false) {
            case .failed(let reported): error = reported
            // A growing memory buffer never asks to wait, and a write does not read close_notify.
            case .wantsMoreData, .closed: error = OpenSSLErrorQueue.error(.io)
            }
            state = .failed(error)
            return .failed(error)
        }
        return .complete
    }
}
