/// A JSON value that keeps numbers as their source text, so they can be rendered exactly as a
/// Swift client would, and objects in member order.
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its text.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, in member order.
    case object(JSONObject)
}

extension JSONValue {
    /// The value of the member `key` when this is an object that has one.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The text of a string.
    public var stringValue: String? {
        guard case .string(let string) = self else { return nil }
        return string
    }

    /// The value of a number that is integral and fits in `Int64` (see `JSONNumber.int64Value`).
    public var intValue: Int64? {
        guard case .number(let number) = self else { return nil }
        return number.int64Value
    }

    /// The value of a number as a `Double`.
    public var doubleValue: Double? {
        guard case .number(let number) = self else { return nil }
        return number.doubleValue
    }

    /// The value of `true` or `false`.
    public var boolValue: Bool? {
        guard case .bool(let bool) = self else { return nil }
        return bool
    }

    /// The elements of an array.
    public var arrayValue: [JSONValue]? {
        guard case .array(let array) = self else { return nil }
        return array
    }

    /// The members of an object.
    public var objectValue: JSONObject? {
        guard case .object(let object) = self else { return nil }
        return object
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral {
    /// A string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer number.
    public init(integerLiteral value: Int64) { self = .number(JSONNumber(value)) }
    /// A double number, written as Swift describes it (`2.0`, `0.1`).
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
    /// `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An object with the literal's members, in source order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
    /// `null`.
    public init(nilLiteral: ()) { self = .null }
}
