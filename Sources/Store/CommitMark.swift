/// What tells a connection of the commits made through connections that do not share its
/// `ChangeCounter` (another process, the `sqlite3` shell): two marks read on one connection are
/// equal only if no connection committed between them.
enum CommitMark: Sendable, Equatable {
    /// The header of the WAL index (the start of the `-shm` file's shared memory), which every
    /// commit of every connection rewrites with a new change counter, frame count and checksum (a
    /// checkpoint that empties the WAL rewrites it too: a reader then rereads what did not change).
    case walIndexHeader(WALIndexHeader)
    /// `PRAGMA data_version`, read where there is no WAL index (a database that could not be put
    /// in WAL mode): one short read transaction.
    case dataVersion(Int64)
}

/// The bytes of the WAL index's header, as SQLite's readers read them (the first of its two
/// copies: https://sqlite.org/walformat.html), compared whole.
struct WALIndexHeader: Sendable, Equatable {
    /// Its 48 bytes, laid out as a C array.
    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)

    static func == (lhs: WALIndexHeader, rhs: WALIndexHeader) -> Bool {
        let (a, b) = (lhs.words, rhs.words)
        return (a.0 ^ b.0) | (a.1 ^ b.1) | (a.2 ^ b.2) | (a.3 ^ b.3) | (a.4 ^ b.4) | (a.5 ^ b.5) == 0
    }
}
