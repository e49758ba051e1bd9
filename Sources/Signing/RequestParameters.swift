/// The parameters of a request, from the query string and the body, parsed once: the signature
/// check and the backend's handlers read the same values.
public struct RequestParameters: Sendable, Equatable {
    /// Where a parameter came from.
    public enum Source: Sendable, Equatable {
        /// The query string of the target.
        case query
        /// A form field or a member of a JSON object body.
        case body
    }

    /// One parameter.
    public struct Entry: Sendable, Equatable {
        /// The decoded name (without the `[]` of an array parameter).
        public let name: String
        /// The decoded value.
        public let value: ParameterValue
        /// Where it came from.
        public let source: Source

        /// A parameter named `name` with `value`, from `source`.
        public init(name: String, value: ParameterValue, source: Source) {
            self.name = name
            self.value = value
            self.source = source
        }
    }

    /// Every parameter in order: the query's first, then the body's.
    public let entries: [Entry]

    /// Parameters made of `entries`, in this order.
    public init(_ entries: [Entry] = []) {
        self.entries = entries
    }

    /// The value of the first parameter named `name`.
    public subscript(name: String) -> ParameterValue? {
        entries.first { $0.name == name }?.value
    }

    /// The first parameter named `name` as a handler reads it (see `ParameterValue.stringValue`).
    public func string(_ name: String) -> String? {
        self[name]?.stringValue
    }

    /// Names that occur more than once (twice in the query, in both the query and the body, or
    /// twice in a JSON body), each listed once in order of first repetition. A client's parameter
    /// dictionary cannot produce these: the backend answers 10005 after the signature check.
    public var duplicateNames: [String] {
        var seen = Set<String>()
        var duplicates: [String] = []
        for entry in entries where !seen.insert(entry.name).inserted && !duplicates.contains(entry.name) {
            duplicates.append(entry.name)
        }
        return duplicates
    }
}
