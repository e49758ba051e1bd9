/// The mock backend's database: apps, users, tokens, check-ins, games and nonces in
/// one SQLite file.
///
/// A `Store` is one connection and belongs to the thread that opened it (checked in
/// debug builds): give each thread its own `Store` on the same path. Writes from
/// several connections queue on SQLite's lock (5 s busy timeout); reads never wait.
/// Every method is one statement or one transaction, so a method that returns has
/// committed durably (WAL with `synchronous = FULL`).
public final class Store {
    /// The connection. Internal so that tests can inspect the file directly.
    let database: Database
    /// The file it opened, as given (for messages).
    public let path: String

    /// The commits of every connection as `contentStamp()` last read them; nil once forgotten.
    private var commitMark: CommitMark?

    /// Opens the database at `path`, creating an empty file when absent (the folder must
    /// exist), and applies pending migrations. Its commits are counted in `changes`: give every
    /// connection of one server the same counter. Use `create(at:seedSQL:)` for a new database
    /// with data.
    public init(path: String, changes: ChangeCounter = ChangeCounter()) throws(StoreError) {
        database = try Database(path: path, changes: changes)
        self.path = path
        try migrate()
    }

    /// Starts a transaction for reads only, which the following calls share until
    /// `endReadTransaction()`: they see one snapshot, and the file's read lock is taken and
    /// released once for all of them rather than once each. It begins at the first statement that
    /// follows, so that a caller answered from memory opens none.
    public func beginReadTransaction() {
        database.deferReadTransaction()
    }

    /// Ends the transaction `beginReadTransaction()` started, if a statement began it.
    public func endReadTransaction() {
        database.endReadTransaction()
    }

    /// The content as this connection knows it: compare it with an earlier stamp to learn whether
    /// anything was written since. A commit of a connection sharing this one's `ChangeCounter`
    /// changes it at once; the commits of every other connection show in the `CommitMark` (the WAL
    /// index's header, or `PRAGMA data_version` without one), read on the first call after
    /// `forgetCommitMark()`.
    public func contentStamp() throws(StoreError) -> ContentStamp {
        // The counter first: whatever the caller reads next is at least as new as the stamp.
        let changes = database.changes.value
        if let commitMark { return ContentStamp(commits: commitMark, changes: changes) }
        let read = try database.commitMark()
        commitMark = read
        return ContentStamp(commits: read, changes: changes)
    }

    /// Makes the next `contentStamp()` read the `CommitMark` again, and so notice what other
    /// processes committed since: an event loop calls it once per turn, not once per request.
    public func forgetCommitMark() {
        commitMark = nil
    }

    /// The statements this connection ran for its callers, and their time.
    public var statementTiming: StatementTiming { database.timing }

    /// Runs `PRAGMA quick_check` (every b-tree page and index, without matching indexes to their rows)
    /// and throws `.damaged` with its first findings unless it answers `ok`.
    public func checkIntegrity() throws(StoreError) {
        let findings: [String]
        do {
            findings = try database.fetchAll("PRAGMA quick_check(\(Self.reportedFindings))") { row throws(StoreError) in
                try row.text(at: 0)
            }
        } catch {
            // A page too broken to walk stops the check itself with SQLITE_CORRUPT.
            guard error.code?.primary == .corrupt, case .sqlite(_, let message, _) = error else { throw error }
            findings = [message]
        }
        guard findings == ["ok"] else { throw .damaged(path: path, findings: findings) }
    }

    /// How many problems `checkIntegrity` reports at most.
    static let reportedFindings = 3

    /// Applies the migrations not yet recorded in the file; does nothing when all are.
    public func migrate() throws(StoreError) {
        try Migrations.countersign.apply(to: database)
    }

    /// Runs `sql` (the contents of `seed.sql`: inserts only, no BEGIN/COMMIT) in one
    /// transaction: either all of it is applied or none.
    public func seed(sql: String) throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            try database.executeScript(sql)
        }
    }

    /// Deletes every row of every data table and runs `seedSQL` again, in one
    /// transaction: afterwards the data is exactly the seed state (ids included, since
    /// row ids restart after the highest one left). Other connections may stay open;
    /// they see the old data or the new, never a mix.
    public func reset(seedSQL: String) throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            for table in Schema.dataTables {
                // The table names are constants of the schema, not values.
                try database.execute("DELETE FROM \(table)")
            }
            try database.executeScript(seedSQL)
        }
    }
}
