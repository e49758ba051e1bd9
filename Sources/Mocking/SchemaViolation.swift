/// Why a value breaks its schema: where (`status`, `body.name`, `body.tags[0]`), the rule's
/// keyword (`required`, `type`, `enum`, `minimum`, `pattern`, ...) and the rule in words.
public struct SchemaViolation: Error, Sendable, Equatable, CustomStringConvertible {
    /// The parameter, or the body member, that breaks the rule.
    public let location: String
    /// The schema keyword broken.
    public let keyword: String
    /// The rule in words: "must be one of available, pending, sold".
    public let rule: String

    public init(location: String, keyword: String, rule: String) {
        self.location = location
        self.keyword = keyword
        self.rule = rule
    }

    /// "'status' must be one of available, pending, sold (enum)".
    public var description: String { "'\(location)' \(rule) (\(keyword))" }
}
