/// The signed header names prepared for matching field names as they arrive, ignoring ASCII case.
///
/// Only for policies whose names are distinct ignoring case, at most 64 of them (`init?` is nil
/// otherwise), so that a bit per name can record which were found.
struct SignedHeaderNames: Sendable {
    /// One name in ASCII lower case.
    private struct Name: Sendable {
        /// Its UTF-8.
        let bytes: [UInt8]
        /// Its first and last 8 bytes (overlapping below 16), when it has 8 to 16 (`words(of:)`).
        let words: (head: UInt64, tail: UInt64)
    }

    /// The names in their configured spelling, which the canonical string uses.
    let spellings: [String]
    private let names: [Name]
    /// The position of `Authorization`, whose value is a token.
    let authorizationIndex: Int?

    /// The names `spellings`, prepared; nil when two are equal ignoring case or there are more than 64.
    init?(_ spellings: [String]) {
        let lowercased = spellings.map { $0.utf8.map(\.asciiLowercased) }
        guard Set(lowercased).count == lowercased.count, lowercased.count <= 64 else { return nil }
        self.spellings = spellings
        names = lowercased.map { bytes in
            Name(bytes: bytes, words: bytes.withUnsafeBytes { Self.words(of: $0) } ?? (0, 0))
        }
        authorizationIndex = lowercased.firstIndex(of: Array("authorization".utf8))
    }

    /// The position of the signed header named `fieldName` (compared ignoring ASCII case), or nil.
    func index(of fieldName: String) -> Int? {
        let name = fieldName.utf8
        return name.withContiguousStorageIfAvailable { index(of: $0) }
            ?? Array(name).withUnsafeBufferPointer { index(of: $0) }
    }

    /// The position of the name whose lower case is that of the field name `bytes`, or nil.
    private func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        // Most field names have 8 to 16 bytes: two words compared, lower-cased 8 bytes at a time.
        if let words = Self.words(of: UnsafeRawBufferPointer(bytes)) {
            let head = words.head.asciiLowercased
            let tail = words.tail.asciiLowercased
            return names.firstIndex { $0.bytes.count == count && $0.words.head == head && $0.words.tail == tail }
        }
        return names.firstIndex { name in
            name.bytes.count == count && zip(name.bytes, bytes).allSatisfy { $0 == $1.asciiLowercased }
        }
    }

    /// The first and the last 8 bytes of `bytes` when it holds 8 to 16 (then they cover it), else nil.
    private static func words(of bytes: UnsafeRawBufferPointer) -> (head: UInt64, tail: UInt64)? {
        guard (8...16).contains(bytes.count) else { return nil }
        return (bytes.loadUnaligned(as: UInt64.self), bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
    }
}
