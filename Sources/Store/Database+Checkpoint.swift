extension Database {
    /// Copies every committed page of the WAL into the database file, syncs it and
    /// truncates the WAL. Throws `busy` when another connection's read kept a page from
    /// being copied.
    func checkpoint() throws(StoreError) {
        let sql = "PRAGMA wal_checkpoint(TRUNCATE)"
        // One row: (1 when blocked by a reader or writer, WAL frames, frames copied).
        let blocked = try fetchOne(sql) { row throws(StoreError) in try row.integer(at: 0) != 0 }
        guard blocked == false else {
            throw StoreError.sqlite(code: .busy, message: "checkpoint blocked by another connection", sql: sql)
        }
    }
}
