import HTTP

/// A request as it arrived on the wire, in the form the canonicalizer needs.
///
/// The server passes the `HTTPHeaders` it parsed as they are, so that a check copies no field;
/// the `sign` command and the tests list their fields.
public struct SignableRequest: Sendable {
    /// The request method as sent (`GET`, `POST`, ...).
    public var method: String
    /// The request target as sent: the path, then `?` and the query string when there is one.
    public var target: String
    /// The header fields in the order received, names as spelled on the wire.
    public var headers: HTTPHeaders
    /// The body bytes (empty when there is none).
    public var body: [UInt8]
    /// The protocol it came over: over HTTP/2 every header name arrived lowercase, which the diagnosis says.
    public var version: HTTPVersion

    /// A request with these parts.
    public init(method: String, target: String, headers: HTTPHeaders, body: [UInt8] = [], version: HTTPVersion = .http1_1) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        self.version = version
    }

    /// A request with these parts, the header fields listed in order.
    public init(method: String, target: String, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.init(method: method, target: target, headers: HTTPHeaders(headers), body: body)
    }

    /// The value of the first `Content-Type` field (name compared case-insensitively).
    public var contentType: String? {
        headers["Content-Type"]
    }

    /// The query string: everything after the first `?` of the target, or nil without one.
    var query: Substring? {
        // Searched in the UTF-8 buffer: iterating a `String.UTF8View` goes byte by byte through its index.
        var target = target
        guard let questionMark = target.withUTF8({ $0.firstIndex(of: UInt8(ascii: "?")) }) else { return nil }
        let start = target.utf8.index(target.startIndex, offsetBy: questionMark + 1)
        return target[start...]
    }
}
