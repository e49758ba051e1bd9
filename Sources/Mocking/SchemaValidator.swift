import JSON

/// Checks a value against an OpenAPI 3 schema: `type` (with `nullable`), `enum`, `minimum`,
/// `maximum` (and the exclusive forms), `minLength`, `maxLength`, `pattern` (POSIX extended, see
/// `BoundedRegex`), `items`, `minItems`, `maxItems`, `required`, `properties`,
/// `additionalProperties: false`, `allOf`, and `anyOf`/`oneOf` (read alike: one must pass).
/// Other keywords are not checked. The first violation is reported.
struct SchemaValidator: Sendable {
    /// How deeply schemas nest before the rest is taken as valid (a schema may refer to itself).
    static let maxDepth = 32

    let document: OpenAPIDocument

    /// The first rule `value`, at `location`, breaks; nil when it passes.
    func violation(of value: JSONValue, against schema: JSONValue, at location: String, depth: Int = 0) -> SchemaViolation? {
        guard depth < Self.maxDepth, let schema = document.resolved(schema), case .object = schema else { return nil }
        for part in schema["allOf"]?.arrayValue ?? [] {
            if let violation = violation(of: value, against: part, at: location, depth: depth + 1) { return violation }
        }
        for keyword in ["anyOf", "oneOf"] {
            guard let choices = schema[keyword]?.arrayValue, !choices.isEmpty else { continue }
            if choices.allSatisfy({ violation(of: value, against: $0, at: location, depth: depth + 1) != nil }) {
                return SchemaViolation(location: location, keyword: keyword, rule: "must match one of its \(choices.count) schemas")
            }
        }
        if value == .null {
            guard schema["type"] != nil, schema["nullable"]?.boolValue != true else { return nil }
            return SchemaViolation(location: location, keyword: "type", rule: "must not be null")
        }
        if let type = schema["type"]?.stringValue, !Self.has(value, type: type) {
            return SchemaViolation(location: location, keyword: "type", rule: "must be \(Self.article(type)) \(type)")
        }
        if let choices = schema["enum"]?.arrayValue, !choices.contains(where: { Self.equal($0, value) }) {
            let listed = choices.map(\.parameterText).joined(separator: ", ")
            return SchemaViolation(location: location, keyword: "enum", rule: "must be one of \(listed)")
        }
        switch value {
        case .string(let text): return stringViolation(text, schema, location)
        case .number(let number): return number.doubleValue.flatMap { Self.numberViolation($0, schema, location) }
        case .array(let elements): return arrayViolation(elements, schema, location, depth)
        case .object(let object): return objectViolation(object, schema, location, depth)
        default: return nil
        }
    }

    private func stringViolation(_ text: String, _ schema: JSONValue, _ location: String) -> SchemaViolation? {
        if let minimum = schema["minLength"]?.intValue, text.count < minimum {
            return SchemaViolation(location: location, keyword: "minLength", rule: "must be at least \(minimum) characters long")
        }
        if let maximum = schema["maxLength"]?.intValue, text.count > maximum {
            return SchemaViolation(location: location, keyword: "maxLength", rule: "must be at most \(maximum) characters long")
        }
        if let pattern = schema["pattern"]?.stringValue, let regex = try? BoundedRegex(pattern), !regex.matches(text) {
            return SchemaViolation(location: location, keyword: "pattern", rule: "must match '\(pattern)'")
        }
        return nil
    }

    private static func numberViolation(_ number: Double, _ schema: JSONValue, _ location: String) -> SchemaViolation? {
        if let minimum = schema["minimum"]?.doubleValue {
            let exclusive = schema["exclusiveMinimum"]?.boolValue == true
            if number < minimum || (exclusive && number == minimum) {
                return SchemaViolation(location: location, keyword: exclusive ? "exclusiveMinimum" : "minimum",
                                       rule: "must be \(exclusive ? "more than" : "at least") \(schema["minimum"]?.parameterText ?? "")")
            }
        }
        if let maximum = schema["maximum"]?.doubleValue {
            let exclusive = schema["exclusiveMaximum"]?.boolValue == true
            if number > maximum || (exclusive && number == maximum) {
                return SchemaViolation(location: location, keyword: exclusive ? "exclusiveMaximum" : "maximum",
                                       rule: "must be \(exclusive ? "less than" : "at most") \(schema["maximum"]?.parameterText ?? "")")
            }
        }
        return nil
    }

    private func arrayViolation(_ elements: [JSONValue], _ schema: JSONValue, _ location: String, _ depth: Int) -> SchemaViolation? {
        if let minimum = schema["minItems"]?.intValue, elements.count < minimum {
            return SchemaViolation(location: location, keyword: "minItems", rule: "must have at least \(minimum) items")
        }
        if let maximum = schema["maxItems"]?.intValue, elements.count > maximum {
            return SchemaViolation(location: location, keyword: "maxItems", rule: "must have at most \(maximum) items")
        }
        guard let items = schema["items"] else { return nil }
        for (index, element) in elements.enumerated() {
            if let violation = violation(of: element, against: items, at: "\(location)[\(index)]", depth: depth + 1) { return violation }
        }
        return nil
    }

    private func objectViolation(_ object: JSONObject, _ schema: JSONValue, _ location: String, _ depth: Int) -> SchemaViolation? {
        for name in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[name] == nil {
            return SchemaViolation(location: "\(location).\(name)", keyword: "required", rule: "is required")
        }
        let properties = schema["properties"]?.objectValue ?? JSONObject()
        for (name, member) in object {
            if let property = properties[name] {
                if let violation = violation(of: member, against: property, at: "\(location).\(name)", depth: depth + 1) { return violation }
            } else if schema["additionalProperties"]?.boolValue == false {
                return SchemaViolation(location: "\(location).\(name)", keyword: "additionalProperties", rule: "is not a member the schema allows")
            }
        }
        return nil
    }

    static func has(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("string", .string), ("boolean", .bool), ("array", .array), ("object", .object), ("number", .number): true
        case ("integer", .number(let number)): number.int64Value != nil
        default: false
        }
    }

    private static func equal(_ left: JSONValue, _ right: JSONValue) -> Bool {
        if case .number(let l) = left, case .number(let r) = right { return l.doubleValue == r.doubleValue }
        return left == right
    }

    private static func article(_ type: String) -> String {
        type == "integer" || type == "array" || type == "object" ? "an" : "a"
    }
}
