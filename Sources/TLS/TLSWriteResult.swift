/// The outcome of `TLSConnection.writePlaintext(_:)`.
public enum TLSWriteResult: Sendable {
    /// Every byte was encrypted; the records wait in the ciphertext buffer.
    case complete
    /// Nothing usable was written; the connection is unusable.
    case failed(TLSError)
}
