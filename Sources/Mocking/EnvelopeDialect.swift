import JSON

/// The team's envelope: the key names of the code, the message and the data, the code of
/// success and of "not logged in", and the HTTP status policy. Configured once
/// (`--envelope-dialect FILE`), it shapes every envelope the server writes.
public struct EnvelopeDialect: Sendable, Equatable {
    /// How the HTTP status of an envelope is chosen.
    public enum StatusPolicy: String, Sendable, CaseIterable {
        /// The status that fits the code (400 for a bad parameter, 401 for not logged in, ...).
        case semantic
        /// 200 for every envelope: the code alone tells success from failure.
        case always200 = "always-200"
    }

    /// The fields of a dialect file.
    public static let fields = ["code_key", "message_key", "data_key", "success_code", "not_logged_in_code", "http_status"]
    /// Countersign's own: `code`/`message`/`data`, 0, 20104, semantic statuses.
    public static let standard = EnvelopeDialect()

    public private(set) var codeKey = "code"
    public private(set) var messageKey = "message"
    public private(set) var dataKey = "data"
    /// The code of success (Countersign's 0).
    public private(set) var successCode = 0
    /// The code of a missing, expired or revoked token (Countersign's 20104).
    public private(set) var notLoggedInCode = 20104
    /// How the HTTP status is chosen (`--http-status` sets it too).
    public var statusPolicy = StatusPolicy.semantic
    /// Whether the keys are Countersign's `code`, `message`, `data` (the envelope's fast path).
    public private(set) var usesStandardKeys = true

    private init() {}

    /// The dialect `value` describes (missing fields keep Countersign's); throws the field and rule.
    public init(_ value: JSONValue) throws(DefinitionError) {
        let reader = try DefinitionReader(value, at: "", allowed: Self.fields)
        for (name, keyPath) in [("code_key", \Self.codeKey), ("message_key", \Self.messageKey), ("data_key", \Self.dataKey)] {
            guard let key = try reader.string(name) else { continue }
            guard !key.isEmpty, key.utf8.count <= 64, !key.contains(where: { $0.isNewline }) else {
                throw DefinitionError(field: name, rule: "must be 1 to 64 bytes without a line break")
            }
            self[keyPath: keyPath] = key
        }
        usesStandardKeys = codeKey == "code" && messageKey == "message" && dataKey == "data"
        guard Set([codeKey, messageKey, dataKey]).count == 3 else {
            throw DefinitionError(field: "data_key", rule: "must differ from code_key and message_key (each envelope member needs its own name)")
        }
        for (name, key) in [("code_key", codeKey), ("message_key", messageKey), ("data_key", dataKey)] where key == "request_id" {
            throw DefinitionError(field: name, rule: "must not be request_id (the envelope's own member)")
        }
        successCode = try reader.integer("success_code", in: -999_999_999...999_999_999) ?? successCode
        notLoggedInCode = try reader.integer("not_logged_in_code", in: -999_999_999...999_999_999) ?? notLoggedInCode
        guard successCode != notLoggedInCode else {
            throw DefinitionError(field: "not_logged_in_code", rule: "must differ from success_code")
        }
        if let policy = try reader.string("http_status") {
            guard let parsed = StatusPolicy(rawValue: policy) else {
                throw DefinitionError(field: "http_status", rule: "must be one of \(StatusPolicy.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            statusPolicy = parsed
        }
    }

    /// The team's code for Countersign's `code`: success and not-logged-in are translated, every
    /// other code is the same in both.
    public func code(for code: Int) -> Int {
        switch code {
        case 0: successCode
        case 20104: notLoggedInCode
        default: code
        }
    }

    /// Countersign's code for the team's `code`: the inverse of `code(for:)`.
    public func countersignCode(for code: Int) -> Int {
        switch code {
        case successCode: 0
        case notLoggedInCode: 20104
        default: code
        }
    }

    /// The envelope object: the three members under the dialect's names, then `request_id`.
    public func envelope(code: Int, message: String, data: JSONValue, requestID: String?) -> JSONValue {
        var members: [(String, JSONValue)] = [(codeKey, .number(JSONNumber(code))), (messageKey, .string(message)), (dataKey, data)]
        if let requestID { members.append(("request_id", .string(requestID))) }
        return .object(JSONObject(members))
    }
}
