import JSON
import System

/// A fault injected with `POST /__admin/faults`: which requests it matches and what it does to
/// their answer (docs/contract-testing.md).
struct Fault: AdminRegistryItem, Equatable {
    /// The fields `POST /__admin/faults` accepts.
    static let fields = ["method", "path", "times", "delay_ms", "http_status", "code", "message", "kind", "duration_ms"]
    /// How long `slow_body` takes when `duration_ms` is not given.
    static let defaultSlowBodyMilliseconds = 2_000

    let id: Int
    /// Only this method (uppercase); nil means any.
    let method: String?
    let path: PathPattern
    var times: Int?
    /// Wait this long before answering.
    let delayMilliseconds: Int?
    /// Answer with this status.
    let httpStatus: Int?
    /// Answer the envelope with this code (and `message`, or the code's usual message).
    let code: Int?
    let message: String?
    let kind: FaultKind?
    /// How long `slow_body` takes to send the answer.
    let durationMilliseconds: Int?

    /// Whether the fault applies to a request for `method` and `path`.
    func matches(method: String, path: String) -> Bool {
        (self.method == nil || self.method == method) && self.path.matches(path)
    }

    /// The fault `fields` describe, with `id`.
    init(id: Int, fields: AdminFields) throws(AdminError) {
        self.id = id
        method = try fields.method("method")
        guard let pathText = try fields.string("path") else { throw .badRequest("'path' is required") }
        path = PathPattern(pathText)
        let prefix = path.literalPrefix
        guard pathText.hasPrefix("*") || prefix.hasPrefix("/api/") || (pathText.contains("*") && "/api/".hasPrefix(prefix)) else {
            throw .badRequest("'path' must be a path under /api/ (a * matches any characters)")
        }
        times = try fields.integer("times", in: 1...1_000_000)
        delayMilliseconds = try fields.integer("delay_ms", in: 0...600_000)
        httpStatus = try fields.finalStatus("http_status")
        code = try fields.integer("code", in: -999_999_999...999_999_999)
        message = try fields.string("message")
        kind = try fields.string("kind").map { (text) throws(AdminError) in
            guard let kind = FaultKind(rawValue: text) else {
                throw .badRequest("'kind' must be one of \(FaultKind.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return kind
        }
        let duration = try fields.integer("duration_ms", in: 1...600_000)
        guard duration == nil || kind == .slowBody else { throw .badRequest("'duration_ms' goes with kind slow_body") }
        durationMilliseconds = kind == .slowBody ? duration ?? Self.defaultSlowBodyMilliseconds : nil
        guard message == nil || code != nil else { throw .badRequest("'message' needs a 'code'") }
        guard delayMilliseconds != nil || httpStatus != nil || code != nil || kind != nil else {
            throw .badRequest("a fault needs at least one of delay_ms, http_status, code, kind")
        }
    }

    /// The fault as the admin API shows it: the fields given, `times` as what remains.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [("id", .number(JSONNumber(id)))]
        if let method { members.append(("method", .string(method))) }
        members.append(("path", .string(path.text)))
        let numbers: [(String, Int?)] = [("times", times), ("delay_ms", delayMilliseconds), ("http_status", httpStatus), ("code", code)]
        for (name, value) in numbers {
            if let value { members.append((name, .number(JSONNumber(value)))) }
        }
        if let message { members.append(("message", .string(message))) }
        if let kind { members.append(("kind", .string(kind.rawValue))) }
        if let durationMilliseconds { members.append(("duration_ms", .number(JSONNumber(durationMilliseconds)))) }
        return .object(JSONObject(members))
    }
}
