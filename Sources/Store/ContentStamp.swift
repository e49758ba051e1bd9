/// What one connection knows of the database's content. Two stamps taken on the same connection
/// are equal only if no transaction wrote to the file between them: not on a connection sharing its
/// `ChangeCounter` (this one, another event loop, the admin API), nor, once the connection has
/// forgotten its `CommitMark` (see `Store.forgetCommitMark()`), on any other (another process,
/// the `sqlite3` shell).
public struct ContentStamp: Sendable, Equatable {
    /// The commits of every connection, as last read: changes when another connection commits.
    let commits: CommitMark
    /// The `ChangeCounter`'s value: the commits of the connections sharing it, this one's included
    /// (which `PRAGMA data_version` ignores).
    let changes: UInt64
}
