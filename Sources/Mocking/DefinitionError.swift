/// Why a stub definition, a template, a dialect or an OpenAPI document was refused: the field
/// (a dotted path such as `request.params.status`, or a JSON Pointer for a document) and the rule
/// it breaks.
public struct DefinitionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is: `path`, `response.data.items`, `#/paths/~1pet/get`.
    public let field: String
    /// The rule, in words: "must be a string", "unknown function 'uid' at position 3".
    public let rule: String

    /// The problem with `field`.
    public init(field: String, rule: String) {
        self.field = field
        self.rule = rule
    }

    /// "'field' rule".
    public var description: String { "'\(field)' \(rule)" }

    /// The same error, with `prefix` in front of the field (`stub #2` and `path` make `stub #2.path`).
    func within(_ prefix: String) -> DefinitionError {
        DefinitionError(field: prefix.isEmpty ? field : "\(prefix).\(field)", rule: rule)
    }
}
