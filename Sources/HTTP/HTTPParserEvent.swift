/// What `HTTPRequestParser.next()` reports.
public enum HTTPParserEvent: Sendable, Equatable {
    /// A complete request; pipelined requests come out one by one, in order.
    case request(HTTPRequest)
    /// The headers of an HTTP/1.1 request with `Expect: 100-continue` are complete, it declares a body
    /// within the limits, and none of that body has arrived: the server may answer `100 Continue`.
    /// Reported at most once per request, before its `.request`.
    case continueExpected
    /// The head of this request (its body empty) is complete, but its body is larger than `maxBodyBytes`:
    /// declared so in `Content-Length`, or grown so while its chunks arrived. Terminal like `failure`
    /// (status 413): the rest of the body is not read, and the server answers knowing the head.
    case bodyTooLarge(HTTPRequest)
    /// The input cannot be parsed; terminal: the parser reports nothing after it.
    case failure(HTTPParseError)
}
