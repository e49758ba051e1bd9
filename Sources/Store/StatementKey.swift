/// The statement cache's key: SQL text, hashed by its length and its last 32 bytes only.
///
/// Statement texts run to a few hundred bytes and are looked up on every query; hashing all of
/// them cost more than the rest of the lookup. Equality still compares the whole text (at once
/// when both sides are the same string literal), so texts that share a hash only share a bucket.
struct StatementKey: Hashable {
    /// How many bytes at the end of the text are hashed.
    static let hashedSuffixLength = 32

    let sql: String

    static func == (lhs: StatementKey, rhs: StatementKey) -> Bool { lhs.sql == rhs.sql }

    func hash(into hasher: inout Hasher) {
        let utf8 = sql.utf8
        hasher.combine(utf8.count)
        _ = utf8.withContiguousStorageIfAvailable { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.suffix(Self.hashedSuffixLength))))
        }
    }
}
