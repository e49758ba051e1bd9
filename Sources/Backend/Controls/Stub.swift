import JSON

/// An extra endpoint under `/api/`, defined with `POST /__admin/stubs` or in a file of the stubs
/// folder: after the same checks as every endpoint (and the token check when `auth` is true) it
/// answers the envelope `{code, message, data}` (docs/contract-testing.md).
public struct Stub: AdminRegistryItem, Equatable {
    /// The fields a stub definition accepts.
    static let fields = ["method", "path", "code", "message", "data", "http_status", "delay_ms", "auth", "times"]

    /// The id the admin API shows.
    public let id: Int
    /// The method (uppercase).
    let method: String
    /// The full path (`/api/v1/banner`).
    let path: String
    /// The envelope's code.
    let code: Int
    /// The envelope's message; nil means the code's usual message.
    let message: String?
    /// The envelope's data.
    let data: JSONValue
    /// The HTTP status; nil means the one `--http-status` gives the code.
    let httpStatus: Int?
    /// Wait this long before answering.
    let delayMilliseconds: Int?
    /// Whether a valid token is required (20104 otherwise).
    let requiresLogin: Bool
    var times: Int?
    /// `runtime`, or the file the stub was loaded from.
    let source: String

    /// The stub `fields` describe, with `id`.
    init(id: Int, fields: AdminFields, source: String) throws(AdminError) {
        self.id = id
        guard let method = try fields.method("method") else { throw .badRequest("'method' is required") }
        guard let path = try fields.string("path") else { throw .badRequest("'path' is required") }
        guard path.hasPrefix("/api/"), !path.contains("?"), !path.contains("*") else {
            throw .badRequest("'path' must be a full path under /api/, without a query or *, such as /api/v1/banner")
        }
        self.method = method
        self.path = path
        code = try fields.integer("code", in: -999_999_999...999_999_999) ?? 0
        message = try fields.string("message")
        data = fields.value("data") ?? .null
        httpStatus = try fields.finalStatus("http_status")
        delayMilliseconds = try fields.integer("delay_ms", in: 0...600_000)
        requiresLogin = try fields.bool("auth") ?? false
        times = try fields.integer("times", in: 1...1_000_000)
        self.source = source
    }

    /// Whether the stub answers a request for `method` and `path`.
    func matches(method: String, path: String) -> Bool {
        self.path == path && (self.method == method || (method == "HEAD" && self.method == "GET"))
    }

    /// The stub as the admin API shows it.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .number(JSONNumber(id))), ("method", .string(method)), ("path", .string(path)),
            ("code", .number(JSONNumber(code))),
        ]
        if let message { members.append(("message", .string(message))) }
        members.append(("data", data))
        if let httpStatus { members.append(("http_status", .number(JSONNumber(httpStatus)))) }
        if let delayMilliseconds { members.append(("delay_ms", .number(JSONNumber(delayMilliseconds)))) }
        members.append(("auth", .bool(requiresLogin)))
        if let times { members.append(("times", .number(JSONNumber(times)))) }
        members.append(("source", .string(source)))
        return .object(JSONObject(members))
    }
}
