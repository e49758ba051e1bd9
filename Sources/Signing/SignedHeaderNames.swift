/// The signed header names prepared for matching field names as they arrive, ignoring ASCII case.
///
/// Only for policies whose names are distinct ignoring case, at most 64 of them (`init?` is nil
/// otherwise), so that a bit per name can record which were found.
struct SignedHeaderNames: Sendable {
    /// The names in their configured spelling, which the canonical string uses.
    let spellings: [String]
    /// Each name's UTF-8 in ASCII lower case.
    private let lowercased: [[UInt8]]
    /// The position of `Authorization`, whose value is a token.
    let authorizationIndex: Int?

    /// The names `spellings`, prepared; nil when two are equal ignoring case or there are more than 64.
    init?(_ spellings: [String]) {
        let lowercased = spellings.map { $0.utf8.map(\.asciiLowercased) }
        guard Set(lowercased).count == lowercased.count, lowercased.count <= 64 else { return nil }
        self.spellings = spellings
        self.lowercased = lowercased
        authorizationIndex = lowercased.firstIndex(of: Array("authorization".utf8))
    }

    /// The position of the signed header named `fieldName` (compared ignoring ASCII case), or nil.
    func index(of fieldName: String) -> Int? {
        let name = fieldName.utf8
        return name.withContiguousStorageIfAvailable { Self.index(of: $0, in: lowercased) }
            ?? Array(name).withUnsafeBufferPointer { Self.index(of: $0, in: lowercased) }
    }

    /// The position in `names` (lower-cased) of the field name `bytes`, compared ignoring ASCII case.
    private static func index(of bytes: UnsafeBufferPointer<UInt8>, in names: [[UInt8]]) -> Int? {
        names.firstIndex { name in
            name.count == bytes.count && zip(name, bytes).allSatisfy { $0 == $1.asciiLowercased }
        }
    }
}
