/// The request journal's database: a file of its own next to the main database, so that writing
/// the journal never takes the main database's write lock.
///
/// The journal is diagnostic data: the connection runs with `synchronous = OFF`, so a commit
/// does not wait for the disk. A process crash loses nothing that was committed; a power loss
/// may lose the last entries or, rarely, damage the file, which `open(path:)` then replaces.
/// Like `Store`, a `JournalStore` belongs to the thread that opened it.
public final class JournalStore {
    private let database: Database

    private static let insertSQL = "INSERT INTO journal (time_ms, method, path, verdict, entry) VALUES (?, ?, ?, ?, ?)"
    /// Keeps the ?1 newest rows (ids only grow, so the newest are the largest).
    private static let trimSQL = "DELETE FROM journal WHERE id <= (SELECT max(id) FROM journal) - ?1"
    private static let listSQL = "SELECT entry FROM journal \(JournalFilter.whereClause) ORDER BY id DESC LIMIT ?5"
    private static let countSQL = "SELECT count(*) FROM journal \(JournalFilter.whereClause)"

    private init(database: Database) {
        self.database = database
    }

    /// Opens the journal at `path`, creating it when absent. A file that cannot be opened,
    /// fails SQLite's quick check or cannot be migrated (damaged, or not a journal) is deleted
    /// and created again: it holds only diagnostic data. The folder must exist.
    public static func open(path: String) throws(StoreError) -> JournalStore {
        do {
            return try openExisting(path: path)
        } catch {
            for file in [path, path + "-wal", path + "-shm", path + "-journal"] {
                try FileSystem.removeIfPresent(file)
            }
            return try openExisting(path: path)
        }
    }

    private static func openExisting(path: String) throws(StoreError) -> JournalStore {
        let database = try Database(path: path)
        try database.executeScript("PRAGMA synchronous = OFF")
        // 16 MiB of page cache: the default journal (10,000 entries) stays in memory.
        try database.executeScript("PRAGMA cache_size = -16384")
        let check = try database.fetchOne("PRAGMA quick_check(1)") { row throws(StoreError) in try row.text(at: 0) }
        guard check == "ok" else {
            throw StoreError.sqlite(code: .corrupt, message: "quick_check: \(check ?? "no answer")", sql: "PRAGMA quick_check(1)")
        }
        try JournalSchema.migrations.apply(to: database)
        return JournalStore(database: database)
    }

    /// Appends `rows` in one transaction, then drops the oldest entries beyond `keeping`.
    public func append(_ rows: [JournalRow], keeping: Int) throws(StoreError) {
        guard !rows.isEmpty else { return }
        try database.transaction { () throws(StoreError) in
            // One statement for the whole batch: bound, run and reset per row.
            let insert = try database.cachedStatement(Self.insertSQL)
            for row in rows {
                try row.insert(with: insert)
            }
            try database.execute(Self.trimSQL, [.integer(Int64(keeping))])
        }
    }

    /// The entries `filter` selects, newest first, at most `limit` of them: JSON objects (text).
    public func entries(matching filter: JournalFilter, limit: Int) throws(StoreError) -> [String] {
        try database.fetchAll(Self.listSQL, filter.arguments + [.integer(Int64(limit))]) { row throws(StoreError) in
            try row.text(at: 0)
        }
    }

    /// How many entries `filter` selects.
    public func count(matching filter: JournalFilter) throws(StoreError) -> Int {
        let count = try database.fetchOne(Self.countSQL, filter.arguments) { row throws(StoreError) in try row.integer(at: 0) }
        return Int(count ?? 0)
    }

    /// Deletes every entry.
    public func clear() throws(StoreError) {
        try database.execute("DELETE FROM journal")
    }
}
