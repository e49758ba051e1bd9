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
    /// HTTP/2 could not be spoken: the server did not choose `h2`, or the session failed.
    case http2(String)
    /// The server reset the request's HTTP/2 stream, with this error code (2: INTERNAL_ERROR).
    case streamReset(errorCode: UInt32)

    public var description: String {
        switch self {
        case .connectionFailed(let reason): "connection failed: \(reason)"
        case .tls(let error): "TLS: \(error)"
        case .connectionClosed: "the server closed the connection"
        case .malformedResponse(let reason): "malformed response: \(reason)"
        case .timedOut: "timed out"
        case .http2(let reason): "HTTP/2: \(reason)"
        case .streamReset(let code): "the server reset the HTTP/2 stream (error code \(code))"
        }
    }
}
