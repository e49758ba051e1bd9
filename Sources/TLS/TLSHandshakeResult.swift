/// The outcome of one `TLSConnection.handshake()` step. After any outcome, drain the ciphertext: it may
/// hold handshake messages, session tickets or an alert for the peer.
public enum TLSHandshakeResult: Sendable {
    /// The handshake is over and the peer passed every check; application data may flow.
    case complete
    /// The handshake needs more bytes from the peer.
    case wantsMoreData
    /// The handshake failed; the connection is unusable.
    case failed(TLSError)
}
