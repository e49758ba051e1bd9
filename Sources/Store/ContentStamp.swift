/// What one connection knows of the database's content. Two stamps taken on the same connection
/// are equal only if no transaction wrote to the file between them: not on this connection, nor on
/// any other (another event loop, another process, the `sqlite3` shell).
public struct ContentStamp: Sendable, Equatable {
    /// `PRAGMA data_version`: changes when another connection commits.
    let dataVersion: Int64
    /// The transactions that wrote and committed on this connection, which `data_version` ignores.
    let localCommits: UInt64
}
