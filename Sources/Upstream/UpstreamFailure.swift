import HTTP

/// Why the upstream gave no usable answer; each case says what a client is told.
public enum UpstreamFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The address did not resolve, or refused or reset the connection.
    case unreachable(String)
    /// The TLS handshake or session failed, with OpenSSL's reason.
    case tls(String)
    /// No connection, or no complete answer, within the timeout.
    case timedOut(String)
    /// The answer is not valid HTTP/1.1, or breaks a limit (header section, body).
    case invalidAnswer(String)
    /// Every upstream connection is busy and the queue is full.
    case saturated

    /// The HTTP status the proxy answers with: 504 for a timeout, 503 when saturated, else 502.
    public var status: HTTPStatus {
        switch self {
        case .timedOut: HTTPStatus(code: 504)
        case .saturated: HTTPStatus(code: 503)
        case .unreachable, .tls, .invalidAnswer: HTTPStatus(code: 502)
        }
    }

    /// What went wrong, for the envelope's message and the journal.
    public var description: String {
        switch self {
        case .unreachable(let reason): "upstream unreachable: \(reason)"
        case .tls(let reason): "upstream TLS failure: \(reason)"
        case .timedOut(let what): "upstream timed out: \(what)"
        case .invalidAnswer(let reason): "upstream sent an invalid answer: \(reason)"
        case .saturated: "upstream busy: every upstream connection is in use and the queue is full"
        }
    }
}
