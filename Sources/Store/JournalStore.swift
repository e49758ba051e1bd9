import System

/// The request journal's database: a file of its own next to the main database, so that writing
/// the journal never takes the main database's write lock.
///
/// The journal is diagnostic data: the connection runs with `synchronous = OFF`, so a commit
/// does not wait for the disk. A process crash loses nothing that was committed; a power loss
/// may lose the last entries or, rarely, damage the file, which `open(path:)` then replaces.
/// Like `Store`, a `JournalStore` belongs to the thread that opened it.
public final class JournalStore {
    private let database: Database
    /// The bytes of entry text stored: kept here, not summed per batch.
    private var storedBytes: Int

    /// The most rows one INSERT stores.
    private static let rowsPerInsert = 64
    /// The INSERTs of 1, 2, 4, ... `rowsPerInsert` rows, in that order: a batch is stored by the
    /// fewest of them (22 rows: 16, 4 and 2). With one statement per row, ending each statement
    /// (`sqlite3VdbeHalt`) and opening its cursor cost SQLite more than storing the row.
    private static let insertSQL: [String] = (0...rowsPerInsert.trailingZeroBitCount).map { power in
        let row = "(?, ?, ?, ?, ?, ?)"
        return "INSERT INTO journal (time_ms, method, path, verdict, bytes, entry) VALUES "
            + repeatElement(row, count: 1 << power).joined(separator: ", ")
    }
    /// The rows beyond the ?1 newest (ids only grow, so the newest are the largest): how many, their
    /// bytes, and the largest of their ids (NULL when there are none). `deleteUpToSQL` then deletes
    /// them in one pass. (A `DELETE ... RETURNING bytes` with this subquery first collected the ids and
    /// stored each returned row in a temporary table: `append` cost 14.3K instructions per check-in
    /// with the journal full, against 12.0K this way.)
    private static let excessSQL = """
        SELECT count(*), coalesce(sum(bytes), 0), max(id) FROM journal WHERE id <= (SELECT max(id) FROM journal) - ?1
        """
    /// The next oldest rows after id ?1, for trimming by bytes.
    private static let oldestSQL = "SELECT id, bytes FROM journal WHERE id > ?1 ORDER BY id LIMIT 64"
    private static let deleteUpToSQL = "DELETE FROM journal WHERE id <= ?1"
    private static let addDroppedSQL = "UPDATE journal_dropped SET count = count + ?1"
    private static let listSQL = "SELECT entry FROM journal \(JournalFilter.whereClause) ORDER BY id DESC LIMIT ?5"
    private static let countSQL = "SELECT count(*) FROM journal \(JournalFilter.whereClause)"
    /// SQLite checkpoints the WAL once it holds this many pages (1 MiB), and then cuts it back
    /// to `walSizeLimit`: one large batch does not leave a large file behind.
    private static let walCheckpointPages = 256
    private static let walSizeLimit = 1 << 20

    private init(database: Database, storedBytes: Int) {
        self.database = database
        self.storedBytes = storedBytes
    }

    /// Opens the journal at `path`, creating it when absent. A file that cannot be opened,
    /// fails SQLite's quick check or cannot be migrated (damaged, or not a journal) is deleted
    /// and created again: it holds only diagnostic data. The folder must exist.
    public static func open(path: String) throws(StoreError) -> JournalStore {
        do {
            return try openExisting(path: path)
        } catch {
            for file in [path, path + "-wal", path + "-shm", path + "-journal"] {
                try fileOperation { () throws(FileSystemError) in try FileSystem.removeIfPresent(file) }
            }
            return try openExisting(path: path)
        }
    }

    /// Opens the journal at `path` to read it (`countersign record`): never created, migrated,
    /// replaced or deleted; a file that is not a journal of this version is an error. A running
    /// server may go on writing it.
    public static func openForReading(path: String) throws(StoreError) -> JournalStore {
        let database = try Database(path: path)
        let applied = try? database.fetchAll("SELECT id FROM schema_migrations") { row throws(StoreError) in try row.text(at: 0) }
        guard let applied, Set(applied) == Set(JournalSchema.migrations.all.map(\.id)) else {
            throw StoreError.cannotOpen(path: path, code: .error,
                                        message: "not a request journal of this version (start the server on it once to migrate an older one)")
        }
        return JournalStore(database: database, storedBytes: 0)
    }

    private static func openExisting(path: String) throws(StoreError) -> JournalStore {
        let database = try Database(path: path)
        try database.executeScript("PRAGMA synchronous = OFF")
        // Debian's SQLite is built with SQLITE_SECURE_DELETE, which zeroes every deleted entry and
        // freed page: a full journal deletes one entry per request. Its entries hold no secret (the
        // builder masks tokens and hides passwords and app secrets before they are stored), so the
        // zeroing protects nothing (the main database keeps it).
        try database.executeScript("PRAGMA secure_delete = OFF")
        // 1 MiB of page cache holds the pages every insert and trim touches (the table's two ends and
        // its indexes' edges); a listing reads the rest through the system's file cache. With 16 MiB,
        // the whole default journal (10,000 entries, 3.7 MiB on disk) sat in SQLite's cache as well:
        // 29.0–29.3 MiB resident under load against 27.0 (docs/performance.md).
        try database.executeScript("PRAGMA cache_size = -1024")
        try database.executeScript("PRAGMA wal_autocheckpoint = \(walCheckpointPages); PRAGMA journal_size_limit = \(walSizeLimit)")
        let check = try database.fetchOne("PRAGMA quick_check(1)") { row throws(StoreError) in try row.text(at: 0) }
        guard check == "ok" else {
            throw StoreError.sqlite(code: .corrupt, message: "quick_check: \(check ?? "no answer")", sql: "PRAGMA quick_check(1)")
        }
        try useIncrementalVacuum(database)
        try JournalSchema.migrations.apply(to: database)
        let bytes = try database.fetchOne("SELECT coalesce(sum(bytes), 0) FROM journal") { row throws(StoreError) in try row.integer(at: 0) }
        return JournalStore(database: database, storedBytes: Int(bytes ?? 0))
    }

    /// Makes the file one whose free pages `clear()` can give back (a new file, or one made before
    /// the journal did so: rebuilt once with VACUUM).
    private static func useIncrementalVacuum(_ database: Database) throws(StoreError) {
        let incremental: Int64 = 2
        guard try database.fetchOne("PRAGMA auto_vacuum", decode: { row throws(StoreError) in try row.integer(at: 0) }) != incremental else { return }
        try database.executeScript("PRAGMA auto_vacuum = INCREMENTAL; VACUUM")
    }

    /// Appends `rows` (oldest first) in one transaction, then drops the oldest entries beyond
    /// `limits`. Each entry dropped counts in `dropped()`, and so do `lost` ones that never
    /// reached the store; of a batch larger than the limits, only the newest rows that fit are stored.
    public func append(_ rows: [JournalRow], within limits: JournalLimits, lost: Int = 0) throws(StoreError) {
        var first = rows.endIndex
        var batchBytes = 0
        while first > rows.startIndex, rows.endIndex - first < limits.entries, batchBytes + rows[first - 1].entry.count <= limits.bytes {
            first -= 1
            batchBytes += rows[first].entry.count
        }
        let stored = rows[first...]
        guard !rows.isEmpty || lost > 0 else { return }
        storedBytes = try database.transaction { () throws(StoreError) -> Int in
            var next = stored.startIndex
            while next < stored.endIndex {
                // The largest power of two that is at most the rows left and `rowsPerInsert`.
                let power = Int.bitWidth - 1 - min(stored.endIndex - next, Self.rowsPerInsert).leadingZeroBitCount
                try JournalRow.insert(stored[next..<next + 1 << power], with: database.cachedStatement(Self.insertSQL[power]))
                next += 1 << power
            }
            let excess = try database.fetchOne(Self.excessSQL, [.integer(Int64(limits.entries))]) { row throws(StoreError) in
                (count: Int(try row.integer(at: 0)), bytes: Int(try row.integer(at: 1)), lastID: row.optionalInteger(at: 2))
            }
            if let lastID = excess?.lastID { try database.execute(Self.deleteUpToSQL, [.integer(lastID)]) }
            var bytes = storedBytes + batchBytes - (excess?.bytes ?? 0)
            var dropped = lost + first + (excess?.count ?? 0)
            let (count, freed) = try trimOldest(until: bytes - limits.bytes)
            bytes -= freed
            dropped += count
            if dropped > 0 { try database.execute(Self.addDroppedSQL, [.integer(Int64(dropped))]) }
            return bytes
        }
    }

    /// Deletes the oldest rows until at least `excess` bytes are freed (nothing when it is not
    /// positive); returns how many rows and bytes went. Reads only the rows it deletes.
    private func trimOldest(until excess: Int) throws(StoreError) -> (count: Int, bytes: Int) {
        var freed = 0
        var count = 0
        var lastID: Int64 = 0
        while freed < excess {
            let oldest = try database.fetchAll(Self.oldestSQL, [.integer(lastID)]) { row throws(StoreError) in
                (id: try row.integer(at: 0), bytes: Int(try row.integer(at: 1)))
            }
            guard !oldest.isEmpty else { break }
            for row in oldest where freed < excess {
                lastID = row.id
                freed += row.bytes
                count += 1
            }
        }
        if count > 0 { try database.execute(Self.deleteUpToSQL, [.integer(lastID)]) }
        return (count, freed)
    }

    /// The entries `filter` selects, newest first, at most `limit` of them, as they were stored.
    public func entries(matching filter: JournalFilter, limit: Int) throws(StoreError) -> [[UInt8]] {
        try database.fetchAll(Self.listSQL, filter.arguments + [.integer(Int64(limit))]) { row throws(StoreError) in
            try row.blob(at: 0)
        }
    }

    /// How many entries `filter` selects.
    public func count(matching filter: JournalFilter) throws(StoreError) -> Int {
        let count = try database.fetchOne(Self.countSQL, filter.arguments) { row throws(StoreError) in try row.integer(at: 0) }
        return Int(count ?? 0)
    }

    /// How many entries were dropped since the journal was last cleared (the entry count or the
    /// byte budget was reached, or the writer fell behind).
    public func dropped() throws(StoreError) -> Int {
        let count = try database.fetchOne("SELECT count FROM journal_dropped") { row throws(StoreError) in try row.integer(at: 0) }
        return Int(count ?? 0)
    }

    /// Deletes every entry and the dropped count, and gives the file's free pages back.
    public func clear() throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            try database.execute("DELETE FROM journal")
            try database.execute("UPDATE journal_dropped SET count = 0")
        }
        storedBytes = 0
        try database.executeScript("PRAGMA incremental_vacuum")
        try database.checkpoint()
    }
}
