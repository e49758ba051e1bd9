extension Store {
    private static let allAppsSQL = "SELECT \(AppRecord.columns) FROM apps ORDER BY id"

    /// Every app, in the order of `seed.sql`.
    public func allApps() throws(StoreError) -> [AppRecord] {
        try database.fetchAll(Self.allAppsSQL, decode: AppRecord.init(row:))
    }
}
