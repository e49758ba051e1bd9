extension Store {
    private static let countGamesSQL = "SELECT count(*) FROM games"
    private static let gamePageSQL = "SELECT \(GameRecord.columns) FROM games ORDER BY id LIMIT ? OFFSET ?"

    /// One page of the catalogue, ordered by id, and how many games there are in all.
    public func gamePage(page: Int, size: Int) throws(StoreError) -> (items: [GameRecord], total: Int) {
        try self.page(
            countSQL: Self.countGamesSQL, itemsSQL: Self.gamePageSQL, arguments: [], page: page, size: size,
            decode: { row throws(StoreError) in try GameRecord(row: row) })
    }
}
