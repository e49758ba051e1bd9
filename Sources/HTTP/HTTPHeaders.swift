/// Ordered header fields. Lookup ignores ASCII case; names keep the spelling they were added with,
/// and repeated fields stay in order.
public struct HTTPHeaders: Sendable, Equatable {
    /// One field line, stored as sent, with the key its name is looked up by.
    struct Field: Sendable, Equatable {
        let name: String
        let value: String
        let key: FieldNameKey

        init(name: String, value: String, key: FieldNameKey? = nil) {
            self.name = name
            self.value = value
            self.key = key ?? FieldNameKey(name)
        }

        /// Whether the field has the name of `lookup` (any case).
        func isNamed(_ lookup: FieldLookup) -> Bool {
            key == lookup.key && (key.isComplete || ASCII.equalsIgnoringCase(name, lookup.name))
        }
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

    /// Calls `body` with each field's name in order, as sent (a repeated name once per field).
    public func forEachName(_ body: (String) -> Void) {
        for field in fields { body(field.name) }
    }

    /// Makes room for `capacity` fields, so that adding that many allocates once.
    public mutating func reserveCapacity(_ capacity: Int) {
        fields.reserveCapacity(capacity)
    }

    /// Appends a field, keeping any existing fields of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Appends a field named as `lookup`, whose key is then not computed again.
    public mutating func add(_ lookup: FieldLookup, value: String) {
        fields.append(Field(name: lookup.name, value: value, key: lookup.key))
    }

    /// Appends the field line a `HeaderSectionReader` found at the ranges `name` and `value` of `input`.
    mutating func add(name: Range<Int>, value: Range<Int>, valueIsASCII: Bool, of input: ByteInput) {
        fields.append(Field(name: input.string(name, isASCII: true), value: input.string(value, isASCII: valueIsASCII)))
    }

    /// Sets the value of the first field named `name` (any case) and removes the others,
    /// or appends the field when there is none.
    public mutating func replaceOrAdd(name: String, value: String) {
        let lookup = FieldLookup(name)
        guard let first = firstIndex(of: lookup) else {
            add(name: name, value: value)
            return
        }
        fields[first] = Field(name: name, value: value)
        var index = fields.index(after: first)
        while index < fields.endIndex {
            if fields[index].isNamed(lookup) {
                fields.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// Removes every field named `name` (any case).
    public mutating func remove(name: String) {
        let lookup = FieldLookup(name)
        fields.removeAll { $0.isNamed(lookup) }
    }

    /// The value of the first field named `name` (any case), or nil.
    public subscript(name: String) -> String? {
        value(of: FieldLookup(name))
    }

    /// The value of the first field with the name of `lookup` (any case), or nil.
    public subscript(lookup: FieldLookup) -> String? {
        value(of: lookup)
    }

    /// The value of the first field with the name of `lookup` (any case), or nil.
    func value(of lookup: FieldLookup) -> String? {
        firstIndex(of: lookup).map { fields[$0].value }
    }

    /// The values of all fields named `name` (any case), in order.
    public func values(for name: String) -> [String] {
        values(of: FieldLookup(name))
    }

    /// The values of all fields with the name of `lookup` (any case), in order.
    func values(of lookup: FieldLookup) -> [String] {
        fields.compactMap { $0.isNamed(lookup) ? $0.value : nil }
    }

    /// Whether a field named `name` (any case) is present.
    public func contains(_ name: String) -> Bool {
        firstIndex(of: FieldLookup(name)) != nil
    }

    /// How many fields have the name of `lookup` (any case).
    func count(of lookup: FieldLookup) -> Int {
        fields.count { $0.isNamed(lookup) }
    }

    /// The position of the first field with the name of `lookup` (any case).
    private func firstIndex(of lookup: FieldLookup) -> Int? {
        var index = 0
        while index < fields.count {
            if fields[index].isNamed(lookup) { return index }
            index += 1
        }
        return nil
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
