import HTTP

/// What one client stream's frames came to.
public enum HTTP2ClientResult: Sendable, Equatable {
    /// A complete response.
    case response(HTTPResponse)
    /// The server reset the stream with this HTTP/2 error code (2: INTERNAL_ERROR, 7: REFUSED_STREAM, ...).
    case reset(errorCode: UInt32)
}
