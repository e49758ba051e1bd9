/// A JSON object that keeps its members in order (as received, or as built).
///
/// A parsed document keeps duplicate member names, both in order: deciding what a duplicate
/// means is the caller's business. Lookups answer the first member with the name.
public struct JSONObject: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One member: its name and value.
    public typealias Element = (key: String, value: JSONValue)

    private var members: [Element]

    /// An object with `pairs` as its members, in this order.
    public init(_ pairs: [(String, JSONValue)] = []) {
        members = pairs.map { (key: $0.0, value: $0.1) }
    }

    /// An object with `members`, in this order, taken as they are (no copy is made).
    public init(members: [Element]) {
        self.members = members
    }

    /// An object with the literal's members, in source order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    /// The value of the first member named `key`; setting replaces it, or appends a member when
    /// there is none, and setting nil removes every member with that name.
    public subscript(key: String) -> JSONValue? {
        get { members.first { $0.key == key }?.value }
        set {
            guard let newValue else {
                members.removeAll { $0.key == key }
                return
            }
            if let index = members.firstIndex(where: { $0.key == key }) {
                members[index].value = newValue
            } else {
                members.append((key: key, value: newValue))
            }
        }
    }

    /// The member names, in order (a duplicated name appears each time).
    public var keys: [String] { members.map(\.key) }

    /// The number of members.
    public var count: Int { members.count }

    /// Whether the object has no members.
    public var isEmpty: Bool { members.isEmpty }

    /// Appends a member even if one with the same name exists (the parser's duplicate-keeping path).
    mutating func appendMember(_ key: String, _ value: JSONValue) {
        members.append((key: key, value: value))
    }

    /// Iterates over the members in order.
    public func makeIterator() -> IndexingIterator<[Element]> {
        members.makeIterator()
    }

    /// Equal when both have the same members, with the same values, in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.elementsEqual(rhs.members) { $0.key == $1.key && $0.value == $1.value }
    }
}
