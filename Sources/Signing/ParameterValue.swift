import JSON

/// The value of one request parameter, as decoded from the query string or the body.
public enum ParameterValue: Sendable, Equatable {
    /// A query or form value, percent-decoded.
    case text(String)
    /// A member of a JSON body (never an array: those become `list`).
    case json(JSONValue)
    /// An array: `key[]=a&key[]=b` in a query or form, or a JSON array.
    case list([ParameterValue])

    /// The parameter as a handler reads it: the text of a query/form value or JSON string, the
    /// rendering of a JSON number or bool (`2`, `1.5`, `true`); nil for lists, objects and `null`.
    public var stringValue: String? {
        switch self {
        case .text(let text): text
        case .json(.string(let string)): string
        case .json(.number), .json(.bool): rendered
        case .json(.null), .json(.object), .json(.array), .list: nil
        }
    }

    /// A JSON member as a parameter value: arrays become lists, element by element.
    init(member: JSONValue) {
        if case .array(let elements) = member {
            self = .list(elements.map(ParameterValue.init(member:)))
        } else {
            self = .json(member)
        }
    }
}
