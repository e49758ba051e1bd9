import JSON

/// A test on one value of a request (a parameter, a header, a JSON body member): equal to a
/// value, matching a regular expression, present, or absent.
///
/// In a definition, a plain value means equality (`"status": "paid"`); otherwise an object with
/// one member: `{"equals": …}`, `{"matches": "^ord-[0-9]+$"}`, `{"present": true}`,
/// `{"absent": true}`.
public enum ValueMatcher: Sendable {
    /// Equal to the value (a parameter or header compares its text with the value's text).
    case equals(JSONValue)
    /// Containing a match of the POSIX extended regular expression.
    case matches(BoundedRegex)
    /// Present, with any value.
    case present
    /// Absent.
    case absent

    /// The matcher `value` describes, at `field`.
    init(_ value: JSONValue, at field: String) throws(DefinitionError) {
        guard case .object(let object) = value else {
            guard value != .null else { throw DefinitionError(field: field, rule: "must be a value or a matcher, not null") }
            self = .equals(value)
            return
        }
        let reader = try DefinitionReader(value, at: field, allowed: ["equals", "matches", "present", "absent"])
        guard object.count == 1, let name = object.keys.first else {
            throw DefinitionError(field: field, rule: "must have exactly one of equals, matches, present, absent")
        }
        switch name {
        case "equals":
            guard let expected = reader.value("equals") else { throw DefinitionError(field: reader.field(name), rule: "must not be null") }
            self = .equals(expected)
        case "matches":
            let pattern = try reader.requiredString(name)
            do {
                self = .matches(try BoundedRegex(pattern))
            } catch {
                throw DefinitionError(field: reader.field(name), rule: error.rule)
            }
        default:
            guard try reader.bool(name) == true else { throw DefinitionError(field: reader.field(name), rule: "must be true") }
            self = name == "present" ? .present : .absent
        }
    }

    /// How a failed test on `subject` (e.g. "param 'status'") reads, when `actual` fails it; nil
    /// when it passes.
    func failure(_ subject: String, actual: JSONValue?) -> String? {
        switch self {
        case .equals(let expected):
            guard let actual else { return "\(subject) is missing, the stub wants \(Self.quoted(expected))" }
            return Self.equal(actual, expected) ? nil : "\(subject) was \(Self.quoted(actual)), the stub wants \(Self.quoted(expected))"
        case .matches(let regex):
            guard let actual else { return "\(subject) is missing, the stub wants it to match '\(regex.pattern)'" }
            return regex.matches(actual.parameterText) ? nil : "\(subject) was \(Self.quoted(actual)), the stub wants it to match '\(regex.pattern)'"
        case .present:
            return actual == nil ? "\(subject) is missing, the stub wants it present" : nil
        case .absent:
            return actual.map { "\(subject) was \(Self.quoted($0)), the stub wants it absent" }
        }
    }

    /// Equal as texts when either side is a string (a parameter arrives as text), as numbers when
    /// both are numbers, as JSON otherwise.
    private static func equal(_ actual: JSONValue, _ expected: JSONValue) -> Bool {
        if case .number(let left) = actual, case .number(let right) = expected, let l = left.doubleValue, let r = right.doubleValue {
            return l == r
        }
        if case .string = actual { return actual.parameterText == expected.parameterText }
        if case .string = expected { return actual.parameterText == expected.parameterText }
        return actual == expected
    }

    private static func quoted(_ value: JSONValue) -> String {
        let text = value.parameterText
        let shown = text.utf8.count > 64 ? String(text.prefix(61)) + "..." : text
        return "'\(shown)'"
    }
}
