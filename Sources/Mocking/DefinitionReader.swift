import JSON

/// The members of one JSON object of a definition, read with the checks and messages a test
/// writer needs: an unknown member is refused (a misspelt `priorty` must not pass silently), and
/// every error names the member by its full dotted path.
struct DefinitionReader {
    private let object: JSONObject
    /// The dotted path of this object (empty at the top).
    let path: String

    /// The members of `value`, an object at `path` whose member names are all in `allowed`.
    init(_ value: JSONValue, at path: String, allowed: [String]) throws(DefinitionError) {
        guard case .object(let object) = value else {
            throw DefinitionError(field: path.isEmpty ? "stub" : path, rule: "must be a JSON object")
        }
        if let unknown = object.keys.first(where: { !allowed.contains($0) }) {
            throw DefinitionError(field: Self.join(path, unknown), rule: "is not a known field; the fields are \(allowed.joined(separator: ", "))")
        }
        if let duplicate = Self.firstDuplicate(object.keys) {
            throw DefinitionError(field: Self.join(path, duplicate), rule: "is given twice")
        }
        self.object = object
        self.path = path
    }

    /// The full path of the member `name`.
    func field(_ name: String) -> String { Self.join(path, name) }

    /// The member `name`, or nil when absent or null.
    func value(_ name: String) -> JSONValue? {
        guard let value = object[name], value != .null else { return nil }
        return value
    }

    /// A string member, or nil when absent.
    func string(_ name: String) throws(DefinitionError) -> String? {
        guard let value = value(name) else { return nil }
        guard case .string(let text) = value else { throw DefinitionError(field: field(name), rule: "must be a string") }
        return text
    }

    /// A non-empty string member that is required.
    func requiredString(_ name: String) throws(DefinitionError) -> String {
        guard let text = try string(name) else { throw DefinitionError(field: field(name), rule: "is required") }
        guard !text.isEmpty else { throw DefinitionError(field: field(name), rule: "must not be empty") }
        return text
    }

    /// A whole-number member in `range`, or nil when absent.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(DefinitionError) -> Int? {
        guard let value = value(name) else { return nil }
        guard let number = value.intValue, let integer = Int(exactly: number), range.contains(integer) else {
            throw DefinitionError(field: field(name), rule: "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return integer
    }

    /// A boolean member, or nil when absent.
    func bool(_ name: String) throws(DefinitionError) -> Bool? {
        guard let value = value(name) else { return nil }
        guard case .bool(let flag) = value else { throw DefinitionError(field: field(name), rule: "must be true or false") }
        return flag
    }

    /// An object member, or nil when absent.
    func object(_ name: String) throws(DefinitionError) -> JSONObject? {
        guard let value = value(name) else { return nil }
        guard case .object(let members) = value else { throw DefinitionError(field: field(name), rule: "must be a JSON object") }
        return members
    }

    static func join(_ path: String, _ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

    private static func firstDuplicate(_ keys: [String]) -> String? {
        var seen = Set<String>()
        return keys.first { !seen.insert($0).inserted }
    }
}
