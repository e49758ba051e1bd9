extension Store {
    private static let insertCheckinSQL = """
        INSERT INTO checkins (user_id, day, device_id, created_at) VALUES (?, ?, ?, ?)
        RETURNING \(CheckinRecord.columns)
        """
    private static let recentCheckinsSQL = "SELECT day, created_at FROM checkins WHERE user_id = ? ORDER BY day DESC LIMIT ?"
    private static let countCheckinsSQL = "SELECT count(*) FROM checkins WHERE user_id = ?"
    private static let checkinPageSQL = """
        SELECT \(CheckinRecord.columns) FROM checkins WHERE user_id = ? ORDER BY day DESC LIMIT ? OFFSET ?
        """

    /// Records that the user checked in on `day` (`YYYY-MM-DD`). Throws
    /// `StoreError.alreadyCheckedIn` when there is already a check-in for that day,
    /// also when two requests race: exactly one of them succeeds.
    public func insertCheckin(
        userID: Int64, day: String, deviceID: String?, createdAt: Int64
    ) throws(StoreError) -> CheckinRecord {
        do {
            return try insertReturning(
                Self.insertCheckinSQL, [.integer(userID), .text(day), DatabaseValue(deviceID), .integer(createdAt)],
                decode: { row throws(StoreError) in try CheckinRecord(row: row) })
        } catch {
            throw error.code == .constraintUnique ? .alreadyCheckedIn : error
        }
    }

    /// The days of the user's last `limit` check-ins, newest first, and the time of the newest (for
    /// the streak and the latest check-in), read in one statement and so from one snapshot.
    public func recentCheckins(userID: Int64, limit: Int) throws(StoreError) -> RecentCheckins {
        // SQLite reads a negative LIMIT as "no limit".
        guard limit > 0 else { return RecentCheckins(days: [], lastCheckinAt: nil) }
        let rows = try database.fetchAll(Self.recentCheckinsSQL, [.integer(userID), .integer(Int64(limit))]) {
            row throws(StoreError) in (day: try row.text(at: 0), createdAt: try row.integer(at: 1))
        }
        return RecentCheckins(days: rows.map(\.day), lastCheckinAt: rows.first?.createdAt)
    }

    /// One page of the user's check-ins, newest day first, and how many there are in all.
    public func checkinPage(
        userID: Int64, page: Int, size: Int
    ) throws(StoreError) -> (items: [CheckinRecord], total: Int) {
        try self.page(
            countSQL: Self.countCheckinsSQL, itemsSQL: Self.checkinPageSQL, arguments: [.integer(userID)],
            page: page, size: size, decode: { row throws(StoreError) in try CheckinRecord(row: row) })
    }
}
