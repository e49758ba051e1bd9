/// An HTTP response: status, header fields and body.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code and reason phrase.
    public var status: HTTPStatus
    /// The header fields, in order.
    public var headers: HTTPHeaders
    /// The body (for a HEAD request, what a GET would have carried).
    public var body: [UInt8]

    /// Creates a response.
    public init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
