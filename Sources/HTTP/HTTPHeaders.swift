/// Ordered header fields. Lookup ignores ASCII case; names keep the spelling they were added with,
/// and repeated fields stay in order.
public struct HTTPHeaders: Sendable, Equatable {
    /// One field line, stored as sent.
    struct Field: Sendable, Equatable {
        var name: String
        var value: String
    }

    private(set) var fields: [Field]

    /// Creates an empty header list.
    public init() {
        fields = []
    }

    /// Creates a header list holding `fields` in order.
    public init(_ fields: [(name: String, value: String)]) {
        self.fields = fields.map { Field(name: $0.name, value: $0.value) }
    }

    /// The number of fields, repeated names counted once per field.
    public var count: Int { fields.count }

    /// Appends a field, keeping any existing fields of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Sets the value of the first field named `name` (any case) and removes the others,
    /// or appends the field when there is none.
    public mutating func replaceOrAdd(name: String, value: String) {
        guard let first = fields.firstIndex(where: { ASCII.equalsIgnoringCase($0.name, name) }) else {
            add(name: name, value: value)
            return
        }
        fields[first] = Field(name: name, value: value)
        var index = fields.index(after: first)
        while index < fields.endIndex {
            if ASCII.equalsIgnoringCase(fields[index].name, name) {
                fields.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// Removes every field named `name` (any case).
    public mutating func remove(name: String) {
        fields.removeAll { ASCII.equalsIgnoringCase($0.name, name) }
    }

    /// The value of the first field named `name` (any case), or nil.
    public subscript(name: String) -> String? {
        fields.first { ASCII.equalsIgnoringCase($0.name, name) }?.value
    }

    /// The values of all fields named `name` (any case), in order.
    public func values(for name: String) -> [String] {
        fields.compactMap { ASCII.equalsIgnoringCase($0.name, name) ? $0.value : nil }
    }

    /// Whether a field named `name` (any case) is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { ASCII.equalsIgnoringCase($0.name, name) }
    }
}

extension HTTPHeaders: Sequence {
    /// Iterates over the fields in order.
    public struct Iterator: IteratorProtocol {
        fileprivate var base: IndexingIterator<[Field]>

        /// The next field, or nil at the end.
        public mutating func next() -> (name: String, value: String)? {
            base.next().map { ($0.name, $0.value) }
        }
    }

    /// An iterator over the fields in order.
    public func makeIterator() -> Iterator {
        Iterator(base: fields.makeIterator())
    }

    /// The number of fields (so `Array(headers)` allocates once).
    public var underestimatedCount: Int { fields.count }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    /// Creates a header list from a literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }
}
