/// What `HTTPResponseParser` reports.
public enum HTTPResponseParserEvent: Sendable, Equatable {
    /// A complete final response, and whether the connection stays open after it.
    case response(HTTPResponse, keepAlive: Bool)
    /// The input cannot be parsed, or the peer closed mid-response; terminal.
    case failure(HTTPParseError)
}

extension HTTPResponseParserEvent {
    /// The response, after calling `close` when the connection does not stay open after it; or
    /// the parse error, after calling `close` (a failure is terminal).
    public func response(closing close: () -> Void) throws(HTTPParseError) -> HTTPResponse {
        switch self {
        case .response(let response, let keepAlive):
            if !keepAlive { close() }
            return response
        case .failure(let error):
            close()
            throw error
        }
    }
}
