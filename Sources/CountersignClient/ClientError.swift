import TLS

/// Why a client request failed.
public enum ClientError: Error, Sendable, CustomStringConvertible {
    /// The address could not be resolved or connected to.
    case connectionFailed(String)
    /// The TLS handshake or a later TLS operation failed (pin mismatch, unknown CA, ...).
    case tls(TLSError)
    /// The server closed the connection before a complete response.
    case connectionClosed
    /// The response could not be parsed.
    case malformedResponse(String)
    /// No answer within the timeout.
    case timedOut

    public var description: String {
        switch self {
        case .connectionFailed(let reason): "connection failed: \(reason)"
        case .tls(let error): "TLS: \(error)"
        case .connectionClosed: "the server closed the connection"
        case .malformedResponse(let reason): "malformed response: \(reason)"
        case .timedOut: "timed out"
        }
    }
}
