/// A complete HTTP request: the request line, header fields and body.
public struct HTTPRequest: Sendable, Equatable {
    /// The method as sent, e.g. "GET" (case-sensitive).
    public var method: String
    /// The request-target as sent, e.g. "/api/v1/games?page=1".
    public var target: String
    /// The target's path, before any '?'; not percent-decoded. For an absolute-form target
    /// ("http://host/p?q") the path after the authority ("/p", or "/" when empty).
    public var path: String
    /// The raw text after the first '?', or nil when the target has no '?'.
    public var query: String?
    /// The protocol version of the request line.
    public var version: HTTPVersion
    /// The header fields, in order.
    public var headers: HTTPHeaders
    /// The body (empty when the request has none).
    public var body: [UInt8]
    /// Whether the connection stays open after this request, from the version and `Connection` header.
    public var keepAlive: Bool

    /// Creates a request, deriving `path`, `query` and `keepAlive` from the other values.
    public init(
        method: String,
        target: String,
        version: HTTPVersion = .http1_1,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = []
    ) {
        let parts = RequestTarget.split(target)
        keepAlive = headers.keepsAlive(version: version)
        self.method = method
        self.target = target
        self.path = parts.path
        self.query = parts.query
        self.version = version
        self.headers = headers
        self.body = body
    }
}
