/// A request as it arrived on the wire, in the form the canonicalizer needs.
///
/// Independent of the HTTP module: the server, the `sign` command and the tests each build one.
public struct SignableRequest: Sendable {
    /// The request method as sent (`GET`, `POST`, ...).
    public var method: String
    /// The request target as sent: the path, then `?` and the query string when there is one.
    public var target: String
    /// The header fields in the order received, names as spelled on the wire.
    public var headers: [(name: String, value: String)]
    /// The body bytes (empty when there is none).
    public var body: [UInt8]

    /// A request with these parts.
    public init(method: String, target: String, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The value of the first `Content-Type` field (name compared case-insensitively).
    public var contentType: String? {
        headers.first { $0.name.equalsIgnoringASCIICase("Content-Type") }?.value
    }

    /// The query string: everything after the first `?` of the target, or nil without one.
    var query: Substring? {
        guard let questionMark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        return target[target.index(after: questionMark)...]
    }
}
