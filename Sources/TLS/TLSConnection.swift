import COpenSSL
import Crypto

/// One TLS session over two memory buffers: the owner feeds it the bytes read from the socket and sends
/// the bytes it drains; the engine itself never touches a socket.
///
/// Not thread-safe: a connection belongs to one event loop. After every call, drain the ciphertext.
public final class TLSConnection {
    /// The lifecycle of the session.
    enum State {
        /// The handshake has not finished; `handshake()` is called as ciphertext arrives.
        case handshaking
        /// The handshake finished and the peer passed every check; application data flows both ways.
        case established
        /// The peer sent close_notify; no more plaintext will arrive (sending is still possible).
        case closedByPeer
        /// A fatal error happened; an alert for the peer may still wait in the ciphertext buffer.
        case failed(TLSError)
    }

    /// The context this connection came from; kept alive for the `SSL_CTX` and its callbacks.
    let context: TLSContext
    /// The `SSL`, which owns both memory BIOs.
    let ssl: OpaquePointer
    /// Ciphertext from the peer, waiting to be decrypted.
    let incoming: OpaquePointer
    /// Ciphertext for the peer, waiting to be drained.
    let outgoing: OpaquePointer
    /// Where the session stands.
    var state: State = .handshaking
    /// The verified peer subject, computed on first use (`.some(nil)` when there is none).
    var cachedPeerSubject: String??

    /// Creates a session playing the context's role (server or client).
    public init(context: TLSContext) throws(TLSError) {
        OpenSSLErrorQueue.clear()
        guard let ssl = SSL_new(context.handle) else {
            throw OpenSSLErrorQueue.error(.io)
        }
        guard let incoming = BIO_new(BIO_s_mem()) else {
            SSL_free(ssl)
            throw OpenSSLErrorQueue.error(.io)
        }
        guard let outgoing = BIO_new(BIO_s_mem()) else {
            BIO_free(incoming)
            SSL_free(ssl)
            throw OpenSSLErrorQueue.error(.io)
        }
        SSL_set_bio(ssl, incoming, outgoing)
        self.context = context
        self.ssl = ssl
        self.incoming = incoming
        self.outgoing = outgoing
        try adoptRole()
    }

    deinit {
        SSL_free(ssl)
    }

    /// Servers wait for a ClientHello; clients set SNI and offer the session their context kept.
    private func adoptRole() throws(TLSError) {
        switch context.role {
        case .server:
            SSL_set_accept_state(ssl)
        case .client(let serverName, _):
            SSL_set_connect_state(ssl)
            if let hostName = serverName?.sniHostName, cs_SSL_set_tlsext_host_name(ssl, hostName) != 1 {
                throw OpenSSLErrorQueue.error(.invalidConfiguration("the server name cannot be sent as SNI"))
            }
            if let cache = context.sessionCache, !cache.offer(to: ssl) {
                // A session OpenSSL will not offer only costs the resumption: start a full handshake.
                OpenSSLErrorQueue.clear()
            }
        }
    }

    /// Advances the handshake with the ciphertext received so far.
    public func handshake() -> TLSHandshakeResult {
        switch state {
        case .established, .closedByPeer:
            return .complete
        case .failed(let error):
            return .failed(error)
        case .handshaking:
            break
        }
        OpenSSLErrorQueue.clear()
        let returnCode = SSL_do_handshake(ssl)
        guard returnCode == 1 else {
            switch failure(of: returnCode, duringHandshake: true) {
            case .wantsMoreData:
                return .wantsMoreData
            case .closed:
                return fail(OpenSSLErrorQueue.error(.handshakeFailed))
            case .failed(let error):
                return fail(error)
            }
        }
        if let rejection = peerRejection() {
            return fail(rejection)
        }
        state = .established
        return .complete
    }

    /// Whether the peer closed the session or it failed: a read then reports `.closed` or `.failed`.
    public var hasEnded: Bool {
        switch state {
        case .closedByPeer, .failed: true
        case .handshaking, .established: false
        }
    }

    /// Whether the handshake completed and the session has not failed since.
    public var isHandshakeComplete: Bool {
        switch state {
        case .established, .closedByPeer: true
        case .handshaking, .failed: false
        }
    }

    /// Queues close_notify for the peer (drain it afterwards). Does nothing before the handshake completed
    /// or after a failure, when there is no session to close.
    public func shutdown() {
        guard isHandshakeComplete else { return }
        OpenSSLErrorQueue.clear()
        // 0: close_notify queued, the peer's not received yet; 1: both sent. A failure means the session
        // is already unusable, and the owner closes the socket either way.
        if SSL_shutdown(ssl) < 0 {
            OpenSSLErrorQueue.clear()
        }
    }

    private func fail(_ error: TLSError) -> TLSHandshakeResult {
        state = .failed(error)
        return .failed(error)
    }

    /// The client-side checks OpenSSL does not make: pins, and the name when no chain was verified.
    private func peerRejection() -> TLSError? {
        guard case .client(_, let policy) = context.role else { return nil }
        guard let certificate = SSL_get0_peer_certificate(ssl) else {
            return TLSError(.certificateVerificationFailed(reason: "the server sent no certificate"))
        }
        return policy.rejection(of: certificate)
    }
}
