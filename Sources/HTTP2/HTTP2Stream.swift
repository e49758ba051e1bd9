import HTTP

/// One stream of a server session: the request as its frames arrive, then the response body waiting
/// to leave in DATA frames. A class, so that each frame's callback changes it in place: a struct in
/// the session's dictionary cost a copy or a dictionary `_modify` (a heap-allocated coroutine frame)
/// per decoded field, about 2,500 instructions each.
final class HTTP2Stream {
    /// The request pseudo-header fields (RFC 9113 §8.3.1).
    var method = ""
    var path = ""
    var authority: String?
    /// The regular fields, names as received (lowercase on the wire).
    var headers = HTTPHeaders()
    /// Header list bytes so far, as SETTINGS_MAX_HEADER_LIST_SIZE counts them.
    var headerListBytes = 0
    /// The header list passed the limit: the fields past it were not kept.
    var headersTooLarge = false
    var body: [UInt8] = []
    /// The request was handed on (answered, or refused for a limit): later DATA is discarded.
    var dispatched = false

    /// The response body, once answered.
    var response = OutgoingBody()

    /// Adds one decoded field of `listBytes` (as SETTINGS_MAX_HEADER_LIST_SIZE counts it); past `limit`
    /// nothing more is kept and `headersTooLarge` is set.
    func add(name: String, value: String, listBytes: Int, limit: Int) {
        headerListBytes += listBytes
        guard !headersTooLarge, headerListBytes <= limit else {
            headersTooLarge = true
            return
        }
        switch name {
        case ":method": method = value
        case ":path": path = value
        case ":authority": authority = value
        case ":scheme": break
        // RFC 9113 §8.2.3: a split cookie is one field again before it reaches an HTTP/1.1 application.
        case "cookie" where headers.contains("cookie"):
            let joined = headers.values(for: "cookie").joined(separator: "; ") + "; " + value
            headers.replaceOrAdd(name: "cookie", value: joined)
        default: headers.add(name: name, value: value)
        }
    }

    /// The request the fields and body make; `:authority` becomes a `host` field when none was sent,
    /// so that an HTTP/1.1 application finds what it would there.
    func request(withBody: Bool) -> HTTPRequest {
        var fields = headers
        if let authority, !fields.contains("host") { fields.add(name: "host", value: authority) }
        return HTTPRequest(method: method, target: path, version: .http2, headers: fields, body: withBody ? body : [])
    }
}
