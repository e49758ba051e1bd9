import HTTP

/// What the peer's frames amounted to, for the connection to act on.
public enum HTTP2ServerEvent: Sendable, Equatable {
    /// A complete request on `stream`: its headers and its whole body.
    case request(stream: Int32, HTTPRequest)
    /// The request on `stream` broke a limit (its header list, its body); `head` holds the headers
    /// received (no body). The stream is to be answered with `error`'s status at once.
    case refused(stream: Int32, head: HTTPRequest, error: HTTPParseError)
}
