/// The outcome of `TLSConnection.readPlaintext(into:)`.
public enum TLSReadResult: Sendable {
    /// This many decrypted bytes were appended to the buffer, and everything received was decrypted:
    /// reading again reports `.wantsMoreData`, unless the session has ended (`hasEnded`).
    case bytesRead(Int)
    /// No plaintext is available until more ciphertext arrives.
    case wantsMoreData
    /// The peer closed the session cleanly (close_notify); no more plaintext will come.
    case closed
    /// The session failed; the connection is unusable.
    case failed(TLSError)
}
