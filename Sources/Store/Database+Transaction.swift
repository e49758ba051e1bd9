extension Database {
    /// How a transaction takes its locks.
    enum TransactionKind: String {
        /// Takes the write lock at once (`BEGIN IMMEDIATE`): for transactions that write,
        /// so two writers queue on the busy timeout instead of failing on an upgrade.
        case immediate = "BEGIN IMMEDIATE"
        /// Takes a read snapshot at the first read (`BEGIN DEFERRED`): for several
        /// reads that must agree with each other.
        case deferred = "BEGIN DEFERRED"
    }

    /// Runs `body` in a transaction: COMMIT when it returns, ROLLBACK when it throws. A deferred
    /// transaction asked for inside an open (or deferred) one joins it: its reads already see one snapshot.
    func transaction<Result>(
        _ kind: TransactionKind = .immediate, _ body: () throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        if kind == .deferred && isInTransaction { return try body() }
        try execute(kind.rawValue)
        let result: Result
        do {
            result = try body()
        } catch {
            rollback()
            throw error
        }
        do {
            try execute("COMMIT")
        } catch {
            rollback()
            throw error
        }
        return result
    }

    /// Ends the open transaction, which only read: COMMIT, or ROLLBACK should that fail (nothing
    /// was written, so nothing is lost either way). One deferred and never begun ends with nothing to run.
    func endReadTransaction() {
        cancelPendingReadTransaction()
        guard !isAutocommit else { return }
        if (try? execute("COMMIT")) == nil { rollback() }
    }

    /// Rolls back the open transaction, if SQLite has not already done so (after some
    /// errors, such as SQLITE_FULL, it rolls back by itself).
    private func rollback() {
        guard !isAutocommit else { return }
        // A failed ROLLBACK leaves nothing better to do: the caller's error is the one
        // that matters, and SQLite rolls back when the connection closes.
        _ = try? execute("ROLLBACK")
    }
}
