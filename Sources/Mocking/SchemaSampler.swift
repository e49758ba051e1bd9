import JSON

/// A value for a schema that has no example: its `example`, else its `default`, else its first
/// `enum` value, else one made from its type (every property of an object, one item of an
/// array, a string fitting its `format`, a number at its `minimum` or 0).
struct SchemaSampler: Sendable {
    /// How deeply a sample nests before a recursive schema's rest is null.
    static let maxDepth = 8

    let document: OpenAPIDocument

    /// The sample of `schema`.
    func sample(_ schema: JSONValue, depth: Int = 0) -> JSONValue {
        guard depth < Self.maxDepth, let schema = document.resolved(schema), case .object = schema else { return .null }
        if let example = schema["example"] { return example }
        if let fallback = schema["default"] { return fallback }
        if let first = schema["enum"]?.arrayValue?.first { return first }
        if let parts = schema["allOf"]?.arrayValue {
            var merged = JSONObject()
            for part in parts {
                for (key, value) in sample(part, depth: depth + 1).objectValue ?? JSONObject() { merged[key] = value }
            }
            return .object(merged)
        }
        if let choice = (schema["oneOf"] ?? schema["anyOf"])?.arrayValue?.first { return sample(choice, depth: depth + 1) }
        let type = schema["type"]?.stringValue ?? (schema["properties"] != nil ? "object" : schema["items"] != nil ? "array" : "")
        switch type {
        case "object":
            var members: [(String, JSONValue)] = []
            for (name, property) in schema["properties"]?.objectValue ?? JSONObject() { members.append((name, sample(property, depth: depth + 1))) }
            return .object(JSONObject(members))
        case "array": return .array(schema["items"].map { [sample($0, depth: depth + 1)] } ?? [])
        case "string": return .string(Self.string(format: schema["format"]?.stringValue, minimumLength: schema["minLength"]?.intValue ?? 0))
        case "integer": return .number(JSONNumber(schema["minimum"]?.intValue ?? 0))
        case "number": return schema["minimum"] ?? .number(JSONNumber(0))
        case "boolean": return .bool(true)
        default: return .null
        }
    }

    private static func string(format: String?, minimumLength: Int64) -> String {
        let text = switch format {
        case "date-time": "2026-01-01T00:00:00Z"
        case "date": "2026-01-01"
        case "email": "user@example.com"
        case "uuid": "00000000-0000-4000-8000-000000000000"
        case "uri", "url": "https://example.com/"
        default: "string"
        }
        let padding = max(0, Int(min(minimumLength, 1024)) - text.count)
        return text + String(repeating: "x", count: padding)
    }
}
