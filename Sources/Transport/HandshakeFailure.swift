import TLS

/// Why a connection's TLS handshake did not complete, as the server log says it.
public enum HandshakeFailure: Sendable {
    /// TLS refused what the peer sent: no client certificate, one from an unknown CA, no common
    /// version or cipher suite, a malformed message.
    case refused(TLSError)
    /// The handshake did not finish within the handshake timeout.
    case timedOut
    /// The peer sent a plain-HTTP request to the TLS port; it was answered with a short 400.
    case plainHTTP

    /// One line for a client developer reading the server's console.
    public var reason: String {
        switch self {
        case .refused(let error): error.description
        case .timedOut: "the handshake did not finish within the handshake timeout"
        case .plainHTTP: "a plain-HTTP request on the HTTPS port (answered 400)"
        }
    }
}
