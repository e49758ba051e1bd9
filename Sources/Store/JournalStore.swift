import System

/// The request journal's database: a file of its own next to the main database, so that writing
/// the journal never takes the main database's write lock.
///
/// The journal is diagnostic data: the connection runs with `synchronous = OFF`, so a commit
/// does not wait for the disk. A process crash loses nothing that was committed; a power loss
/// may lose the last entries or, rarely, damage the file, which `open(path:)` then replaces.
/// Like `Store`, a `JournalStore` belongs to the thread that opened it.
public final class JournalStore {
    /// The oldest entries still stored: every block before `block` is gone, and so are the first
    /// `skipped` entries of `block` (`journal_state`).
    private struct Watermark: Equatable {
        var block: Int64
        var skipped: Int
    }

    private let database: Database
    /// The entries stored, and the bytes of their entries: kept here, not summed per batch.
    private var stored: (entries: Int, bytes: Int)
    /// As `journal_state` holds it.
    private var watermark: Watermark

    /// The oldest block from id ?1 on, with its entries' sizes.
    private static let oldestBlockSQL = "SELECT id, sizes FROM journal_block WHERE id >= ?1 ORDER BY id LIMIT 1"
    private static let deleteBlocksBeforeSQL = "DELETE FROM journal_block WHERE id < ?1"
    private static let updateStateSQL = "UPDATE journal_state SET dropped = dropped + ?1, trim_block = ?2, trim_skipped = ?3"
    private static let watermarkSQL = "SELECT trim_block, trim_skipped FROM journal_state"
    private static let newestFirstSQL = "SELECT id, latest_ms, data FROM journal_block WHERE id >= ?1 ORDER BY id DESC"
    /// SQLite checkpoints the WAL once it holds this many pages (1 MiB), and then cuts it back
    /// to `walSizeLimit`: one large batch does not leave a large file behind.
    private static let walCheckpointPages = 256
    private static let walSizeLimit = 1 << 20

    private init(database: Database) throws(StoreError) {
        self.database = database
        (stored, watermark) = try database.transaction(.deferred) { () throws(StoreError) in try Self.totals(in: database) }
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
        return try JournalStore(database: database)
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
        return try JournalStore(database: database)
    }

    /// Makes the file one whose free pages `clear()` can give back (a new file, or one made before
    /// the journal did so: rebuilt once with VACUUM).
    private static func useIncrementalVacuum(_ database: Database) throws(StoreError) {
        let incremental: Int64 = 2
        guard try database.fetchOne("PRAGMA auto_vacuum", decode: { row throws(StoreError) in try row.integer(at: 0) }) != incremental else { return }
        try database.executeScript("PRAGMA auto_vacuum = INCREMENTAL; VACUUM")
    }

    /// Appends `rows` (oldest first) in one transaction, as one block, then drops the oldest entries
    /// beyond `limits`. Each entry dropped counts in `dropped()`, and so do `lost` ones that never
    /// reached the store; of a batch larger than the limits, only the newest rows that fit are stored.
    /// A block stays in the file until its last entry is dropped.
    public func append(_ rows: [JournalRow], within limits: JournalLimits, lost: Int = 0) throws(StoreError) {
        var first = rows.endIndex
        var batchBytes = 0
        while first > rows.startIndex, rows.endIndex - first < limits.entries, batchBytes + rows[first - 1].entry.count <= limits.bytes {
            first -= 1
            batchBytes += rows[first].entry.count
        }
        guard !rows.isEmpty || lost > 0 else { return }
        (stored, watermark) = try database.transaction { () throws(StoreError) in
            if first < rows.endIndex { try JournalBlock(rows[first...]).insert(into: database, smallestID: watermark.block) }
            var kept = (entries: stored.entries + rows.endIndex - first, bytes: stored.bytes + batchBytes)
            var next = watermark
            var dropped = lost + first
            while kept.entries > limits.entries || kept.bytes > limits.bytes, let oldest = try Self.oldestBlock(from: next.block, in: database) {
                if oldest.id != next.block { next = Watermark(block: oldest.id, skipped: 0) }
                while next.skipped < oldest.sizes.count, kept.entries > limits.entries || kept.bytes > limits.bytes {
                    kept.entries -= 1
                    kept.bytes -= oldest.sizes[next.skipped]
                    next.skipped += 1
                    dropped += 1
                }
                if next.skipped == oldest.sizes.count { next = Watermark(block: oldest.id + 1, skipped: 0) }
            }
            if next.block != watermark.block { try database.execute(Self.deleteBlocksBeforeSQL, [.integer(next.block)]) }
            if dropped > 0 || next != watermark {
                try database.execute(Self.updateStateSQL, [.integer(Int64(dropped)), .integer(next.block), .integer(Int64(next.skipped))])
            }
            return (kept, next)
        }
    }

    /// The entries `filter` selects, newest first, at most `limit` of them, as they were stored.
    public func entries(matching filter: JournalFilter, limit: Int) throws(StoreError) -> [[UInt8]] {
        var entries: [[UInt8]] = []
        let selects = filter.rowTest()
        try forEachRowNewestFirst(since: filter.since) { row in
            guard entries.count < limit else { return false }
            if selects(row) { entries.append(Array(row.entry)) }
            return true
        }
        return entries
    }

    /// How many entries `filter` selects.
    /// Without a filter the count is the blocks' own (no entry is read).
    public func count(matching filter: JournalFilter) throws(StoreError) -> Int {
        if filter == JournalFilter() {
            return try database.transaction(.deferred) { () throws(StoreError) in try Self.totals(in: database).stored.entries }
        }
        var count = 0
        let selects = filter.rowTest()
        try forEachRowNewestFirst(since: filter.since) { row in
            if selects(row) { count += 1 }
            return true
        }
        return count
    }

    /// How many entries were dropped since the journal was last cleared (the entry count or the
    /// byte budget was reached, or the writer fell behind).
    public func dropped() throws(StoreError) -> Int {
        let count = try database.fetchOne("SELECT dropped FROM journal_state") { row throws(StoreError) in try row.integer(at: 0) }
        return Int(count ?? 0)
    }

    /// Deletes every entry and the dropped count, and gives the file's free pages back.
    public func clear() throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            try database.execute("DELETE FROM journal_block")
            try database.execute("UPDATE journal_state SET dropped = 0, trim_block = 0, trim_skipped = 0")
        }
        stored = (0, 0)
        watermark = Watermark(block: 0, skipped: 0)
        try database.executeScript("PRAGMA incremental_vacuum")
        try database.checkpoint()
    }

    /// Hands `body` the stored rows, newest first, until it returns false or the rows left all arrived
    /// before `since`: read in one snapshot, so that a server writing the file meanwhile
    /// (`openForReading`) changes nothing under it.
    private func forEachRowNewestFirst(since: Int64?, _ body: (JournalBlock.StoredRow) -> Bool) throws(StoreError) {
        try database.transaction(.deferred) { () throws(StoreError) in
            let watermark = try Self.watermark(in: database)
            try database.forEachRow(Self.newestFirstSQL, [.integer(watermark.block)]) { block throws(StoreError) in
                if let since, try block.integer(at: 1) < since { return false }
                let id = try block.integer(at: 0)
                guard let rows = JournalBlock.storedRows(try block.blob(at: 2)) else { throw Self.damagedBlock(id) }
                for row in rows.dropFirst(id == watermark.block ? watermark.skipped : 0).reversed() where !body(row) { return false }
                return true
            }
        }
    }

    /// The entries stored and their bytes (the blocks' sums, less the entries trimmed from the oldest
    /// block), and the watermark; read in the caller's transaction.
    private static func totals(in database: Database) throws(StoreError) -> (stored: (entries: Int, bytes: Int), watermark: Watermark) {
        let watermark = try watermark(in: database)
        let blocks = try database.fetchOne("SELECT coalesce(sum(entries), 0), coalesce(sum(bytes), 0) FROM journal_block WHERE id >= ?1",
                                           [.integer(watermark.block)]) { row throws(StoreError) in
            (entries: Int(try row.integer(at: 0)), bytes: Int(try row.integer(at: 1)))
        }
        let skipped = try oldestBlock(from: watermark.block, in: database)
            .flatMap { $0.id == watermark.block ? $0.sizes.prefix(watermark.skipped) : nil } ?? []
        return ((entries: (blocks?.entries ?? 0) - skipped.count, bytes: (blocks?.bytes ?? 0) - skipped.reduce(0, +)), watermark)
    }

    private static func watermark(in database: Database) throws(StoreError) -> Watermark {
        let watermark = try database.fetchOne(watermarkSQL) { row throws(StoreError) in
            Watermark(block: try row.integer(at: 0), skipped: Int(try row.integer(at: 1)))
        }
        return watermark ?? Watermark(block: 0, skipped: 0)
    }

    /// The oldest block from id `first` on, and its entries' sizes.
    private static func oldestBlock(from first: Int64, in database: Database) throws(StoreError) -> (id: Int64, sizes: [Int])? {
        try database.fetchOne(oldestBlockSQL, [.integer(first)]) { row throws(StoreError) in
            let id = try row.integer(at: 0)
            guard let sizes = JournalBlock.entrySizes(try row.blob(at: 1)) else { throw damagedBlock(id) }
            return (id, sizes)
        }
    }

    private static func damagedBlock(_ id: Int64) -> StoreError {
        .sqlite(code: .corrupt, message: "journal block \(id) is damaged", sql: nil)
    }
}
