import CSQLite
import Glibc

/// One SQLite connection. Owns its `sqlite3*` and closes it in `deinit`.
///
/// A connection belongs to the thread that opened it: every use is checked against
/// that thread in debug builds (`assert`). Threads that need the database open their
/// own connection; WAL mode lets them read while one of them writes, and the busy
/// timeout makes a second writer wait instead of failing.
final class Database {
    private let connection: OpaquePointer
    private let owningThread: pthread_t
    /// Incremented by SQLite's commit hook each time a transaction that wrote commits here.
    private let commitCount = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
    /// The value of `commitCount` last counted in `changes`.
    private var countedCommits: UInt64 = 0
    /// Counts the commits of this connection and of those that share it.
    let changes: ChangeCounter
    /// Set by `deferReadTransaction()` until the next statement, which begins the transaction first.
    private var readTransactionPending = false
    /// Whether the file is in WAL mode, so that it has a WAL index to read `commitMark()` from.
    private var isInWALMode = false
    private var statements: [StatementKey: Statement] = [:]
    /// The statements run through `execute`, `fetchAll` and `fetchOne`, and their time.
    private(set) var timing = StatementTiming()

    /// How long a writer waits for another connection's write lock before `SQLITE_BUSY`.
    static let busyTimeoutMilliseconds: Int32 = 5000

    /// Opens (creating when absent) the database file at `path` and configures the
    /// connection. The folder must exist. Its commits are counted in `changes`.
    init(path: String, changes: ChangeCounter = ChangeCounter()) throws(StoreError) {
        Self.configureLibrary
        var opened: OpaquePointer?
        // NOMUTEX: the connection is used by one thread only (see above), so SQLite need not lock it
        // on every call, which it otherwise does dozens of times per request.
        let code = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(opened)
            throw StoreError.cannotOpen(path: path, code: SQLiteResultCode(rawValue: code), message: message)
        }
        self.connection = opened
        self.owningThread = pthread_self()
        self.changes = changes
        commitCount.initialize(to: 0)
        // Returning 0 lets the commit proceed. A commit that then fails still counts: a change is
        // assumed where there may be none, never the reverse.
        sqlite3_commit_hook(opened, { count in
            count?.assumingMemoryBound(to: UInt64.self).pointee &+= 1
            return 0
        }, commitCount)
        do {
            try configure()
        } catch {
            // SQLite's own message only: the advice of `StoreError` is added once, by `.cannotOpen`.
            let message = if case .sqlite(_, let message, _) = error { message } else { error.description }
            throw StoreError.cannotOpen(path: path, code: error.code ?? .error, message: message)
        }
    }

    /// Process-wide settings, made once before the first connection opens: no memory statistics
    /// (every allocation would take one mutex shared by all connections, for counters nothing reads).
    /// Should SQLite already be initialized (`SQLITE_MISUSE`), the statistics merely stay on.
    private static let configureLibrary: Void = {
        let code = cs_sqlite_disable_memory_statistics()
        assert(code == SQLITE_OK || code == SQLITE_MISUSE, "sqlite3_config(SQLITE_CONFIG_MEMSTATUS) failed with \(code)")
    }()

    /// Whether SQLite locks this connection on every call; false, as it is opened for one thread.
    var locksEveryCall: Bool { sqlite3_db_mutex(connection) != nil }

    /// The bytes SQLite counts as allocated in this process: 0 while its memory statistics are off.
    static var countedMemory: Int64 { sqlite3_memory_used() }

    deinit {
        sqlite3_commit_hook(connection, nil, nil)
        commitCount.deallocate()
        // Cached statements are finalized after this body runs; close_v2 waits for them.
        let code = sqlite3_close_v2(connection)
        assert(code == SQLITE_OK, "sqlite3_close_v2 failed with \(code)")
    }

    private func configure() throws(StoreError) {
        try checkConnection(sqlite3_extended_result_codes(connection, 1), sql: nil)
        try checkConnection(sqlite3_busy_timeout(connection, Self.busyTimeoutMilliseconds), sql: nil)
        // WAL: readers never block the writer, and a writer never blocks readers.
        // The mode is stored in the file; on a file system without shared memory it
        // stays in rollback-journal mode, which is slower but just as safe.
        let mode = try fetchOne("PRAGMA journal_mode = WAL") { row throws(StoreError) in try row.text(at: 0) }
        isInWALMode = mode?.lowercased() == "wal"
        // FULL: in WAL mode every COMMIT syncs the WAL to disk before it returns, so an
        // acknowledged write survives kill -9 and also power loss. (NORMAL would only
        // survive process crashes: the last commits could vanish on power loss.)
        try executeScript("PRAGMA synchronous = FULL")
        // Foreign keys are off by default in SQLite and must be enabled per connection.
        try executeScript("PRAGMA foreign_keys = ON")
    }

    /// The statement for `sql`, prepared on first use and cached by its text for the
    /// life of the connection.
    func cachedStatement(_ sql: String) throws(StoreError) -> Statement {
        assertOwningThread()
        let key = StatementKey(sql: sql)
        if let statement = statements[key] {
            return statement
        }
        let statement = try Statement(connection: connection, sql: sql)
        statements[key] = statement
        return statement
    }

    /// Runs one statement with `arguments` and returns how many rows it changed (for
    /// INSERT, UPDATE and DELETE; other statements return a meaningless count).
    @discardableResult
    func execute(_ sql: String, _ arguments: [DatabaseValue] = []) throws(StoreError) -> Int {
        try beginPendingReadTransaction()
        let started = StatementTiming.clock()
        defer { finishStatement(startedAt: started) }
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        return try statement.withBindings(arguments) { () throws(StoreError) in
            while try statement.step() {}
            return Int(sqlite3_changes64(connection))
        }
    }

    /// Runs a query and decodes every row with `decode`.
    func fetchAll<Record>(
        _ sql: String, _ arguments: [DatabaseValue] = [], decode: (Statement) throws(StoreError) -> Record
    ) throws(StoreError) -> [Record] {
        var records: [Record] = []
        try forEachRow(sql, arguments) { row throws(StoreError) in
            records.append(try decode(row))
            return true
        }
        return records
    }

    /// Runs a query and hands its rows to `body` in turn, until there are no more or `body`
    /// returns false.
    func forEachRow(_ sql: String, _ arguments: [DatabaseValue] = [], _ body: (Statement) throws(StoreError) -> Bool) throws(StoreError) {
        try beginPendingReadTransaction()
        let started = StatementTiming.clock()
        defer { finishStatement(startedAt: started) }
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.withBindings(arguments) { () throws(StoreError) in
            while try statement.step(), try body(statement) {}
        }
    }

    /// Runs a query and decodes its first row with `decode`, or returns nil when there is none.
    func fetchOne<Record>(
        _ sql: String, _ arguments: [DatabaseValue] = [], decode: (Statement) throws(StoreError) -> Record
    ) throws(StoreError) -> Record? {
        try beginPendingReadTransaction()
        let started = StatementTiming.clock()
        defer { finishStatement(startedAt: started) }
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        return try statement.withBindings(arguments) { () throws(StoreError) in
            try statement.step() ? decode(statement) : nil
        }
    }

    /// Runs a script of statements without parameters (migrations, seed data), each
    /// prepared, run and finalized in turn. An error names the failing statement.
    func executeScript(_ script: String) throws(StoreError) {
        assertOwningThread()
        try beginPendingReadTransaction()
        defer { countCommits() }
        try script.utf8CString.withUnsafeBufferPointer { (buffer) throws(StoreError) in
            guard var cursor = buffer.baseAddress else { return }
            while cursor.pointee != 0 {
                var tail: UnsafePointer<CChar>?
                let statement = try Statement.prepareFirst(of: cursor, connection: connection, tail: &tail)
                guard let tail, tail > cursor else { return }
                cursor = tail
                while try statement?.step() == true {}
            }
        }
    }

    /// Whether no transaction is open on the connection (one deferred by `deferReadTransaction()`
    /// is not open yet).
    var isAutocommit: Bool {
        sqlite3_get_autocommit(connection) != 0
    }

    /// Makes the next statement begin a read transaction (`BEGIN DEFERRED`) first, so that a caller
    /// who ends up running none has not paid for one. `endReadTransaction()` ends it, begun or not.
    func deferReadTransaction() {
        readTransactionPending = true
    }

    /// Whether a transaction is open or a read transaction deferred: a deferred one asked for now joins it.
    var isInTransaction: Bool { readTransactionPending || !isAutocommit }

    /// Forgets a read transaction deferred and not begun (no statement ran since).
    func cancelPendingReadTransaction() {
        readTransactionPending = false
    }

    /// What marks the commits of every connection to the file: the WAL index's header, read from
    /// the shared memory SQLite maps for it (no statement, lock or system call), or `PRAGMA
    /// data_version` where that cannot be read (not in WAL mode, the index not made yet, or any
    /// error of the file's shared memory, which the statement then reports if it persists).
    func commitMark() throws(StoreError) -> CommitMark {
        if isInWALMode {
            var header = WALIndexHeader()
            let code = withUnsafeMutableBytes(of: &header.words) { bytes in
                cs_sqlite_wal_index_header(connection, bytes.baseAddress, Int32(bytes.count))
            }
            if code == SQLITE_OK { return .walIndexHeader(header) }
        }
        return .dataVersion(try dataVersion())
    }

    /// `PRAGMA data_version`, read on its own: a read transaction deferred stays deferred, so that a
    /// caller answered from memory still begins none.
    private func dataVersion() throws(StoreError) -> Int64 {
        let pending = readTransactionPending
        readTransactionPending = false
        defer { readTransactionPending = pending }
        return try fetchOne("PRAGMA data_version") { row throws(StoreError) in try row.integer(at: 0) } ?? 0
    }

    /// Begins the read transaction `deferReadTransaction()` deferred, if it is still pending.
    private func beginPendingReadTransaction() throws(StoreError) {
        guard readTransactionPending else { return }
        readTransactionPending = false
        try execute(TransactionKind.deferred.rawValue)
    }

    /// Ends a statement: counts it and its time, and counts in `changes` the commit it completed, if
    /// any (after it is complete: see `ChangeCounter.increment()`).
    private func finishStatement(startedAt started: UInt64) {
        timing.recordStatement(startedAt: started)
        countCommits()
    }

    /// Counts in `changes` the commits of this connection not yet counted (one increment for any
    /// number: a reader only asks whether the value moved).
    private func countCommits() {
        guard commitCount.pointee != countedCommits else { return }
        countedCommits = commitCount.pointee
        changes.increment()
    }

    /// Throws `StoreError.sqlite` with the connection's message unless `code` is `SQLITE_OK`.
    func checkConnection(_ code: Int32, sql: String?) throws(StoreError) {
        guard code == SQLITE_OK else { throw connectionError(code, sql: sql) }
    }

    private func connectionError(_ code: Int32, sql: String?) -> StoreError {
        StoreError.sqlite(
            code: SQLiteResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
    }

    /// Traps in debug builds when the connection is used from a thread other than its own.
    func assertOwningThread() {
        assert(
            pthread_equal(owningThread, pthread_self()) != 0,
            "a Store connection is used by a thread that did not open it")
    }
}
