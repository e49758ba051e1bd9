import JSON

/// The members of an admin request's JSON object, read with the checks and messages a test
/// writer needs: unknown members are refused (a misspelt `delay_ms` must not pass silently).
struct AdminFields {
    private let object: JSONObject

    /// The members of `value`, which must be an object whose member names are all in `allowed`.
    init(_ value: JSONValue, allowed: [String]) throws(AdminError) {
        guard case .object(let object) = value else { throw .badRequest("the body must be a JSON object") }
        if let unknown = object.keys.first(where: { !allowed.contains($0) }) {
            throw .badRequest("unknown field '\(unknown)'; the fields are \(allowed.joined(separator: ", "))")
        }
        self.object = object
    }

    /// The members of a request body: a JSON object, or nothing (as `{}`) when `emptyAllowed`.
    init(body: [UInt8], allowed: [String], emptyAllowed: Bool = false) throws(AdminError) {
        if body.isEmpty && emptyAllowed {
            try self.init(.object(JSONObject()), allowed: allowed)
            return
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(body)
        } catch {
            throw .badRequest("invalid JSON: \(error)")
        }
        try self.init(value, allowed: allowed)
    }

    /// The member `name` as given, or nil when absent.
    func value(_ name: String) -> JSONValue? { object[name] }

    /// A string member, or nil when absent or null.
    func string(_ name: String) throws(AdminError) -> String? {
        guard let value = present(name) else { return nil }
        guard case .string(let text) = value else { throw .badRequest("'\(name)' must be a string") }
        return text
    }

    /// A whole-number member in `range`, or nil when absent or null.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(AdminError) -> Int? {
        guard let value = present(name) else { return nil }
        guard let number = value.intValue, let integer = Int(exactly: number), range.contains(integer) else {
            throw .badRequest("'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return integer
    }

    /// An HTTP status member for a final answer (200 to 599), or nil when absent or null. A 1xx
    /// status is refused: it is an interim answer, so the client would go on waiting for the real
    /// one and every answer after it on the connection would be out of step.
    func finalStatus(_ name: String) throws(AdminError) -> Int? {
        guard let value = present(name) else { return nil }
        guard let number = value.intValue, let status = Int(exactly: number), (200...599).contains(status) else {
            throw .badRequest("'\(name)' must be a final HTTP status from 200 to 599 (1xx are interim answers a client keeps waiting after)")
        }
        return status
    }

    /// A boolean member, or nil when absent or null.
    func bool(_ name: String) throws(AdminError) -> Bool? {
        guard let value = present(name) else { return nil }
        guard case .bool(let flag) = value else { throw .badRequest("'\(name)' must be true or false") }
        return flag
    }

    /// An HTTP method member (`get` is read as `GET`), or nil when absent or null.
    func method(_ name: String) throws(AdminError) -> String? {
        guard let text = try string(name) else { return nil }
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
            throw .badRequest("'\(name)' must be an HTTP method such as GET or POST")
        }
        return text.uppercased()
    }

    private func present(_ name: String) -> JSONValue? {
        guard let value = object[name], value != .null else { return nil }
        return value
    }
}
