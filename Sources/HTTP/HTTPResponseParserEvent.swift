/// What `HTTPResponseParser` reports.
public enum HTTPResponseParserEvent: Sendable, Equatable {
    /// A complete final response, and whether the connection stays open after it.
    case response(HTTPResponse, keepAlive: Bool)
    /// The input cannot be parsed, or the peer closed mid-response; terminal.
    case failure(HTTPParseError)
}
