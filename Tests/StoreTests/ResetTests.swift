import Testing
@testable import Store

@Suite("Reset")
struct ResetTests {
    /// Every row of every data table, as text, in a stable order.
    private func snapshot(_ database: Database) throws -> [String: [String]] {
        var tables: [String: [String]] = [:]
        for table in Schema.dataTables {
            let columns = try database.fetchAll("SELECT name FROM pragma_table_info(?) ORDER BY cid", [.text(table)]) {
                row throws(StoreError) in try row.text(at: 0)
            }
            let row = columns.map { "quote(\($0))" }.joined(separator: " || '|' || ")
            tables[table] = try database.fetchAll("SELECT \(row) FROM \(table) ORDER BY 1") { row throws(StoreError) in
                try row.text(at: 0)
            }
        }
        return tables
    }

    @Test func resetRestoresExactlyTheSeedStateWhileAnotherConnectionIsOpen() throws {
        try withSeededStore { path, store throws in
            let seeded = try snapshot(store.database)
            #expect(seeded["games"]?.count ?? 0 >= 30)
            #expect(seeded["users"]?.count == 3)

            let other = try Store(path: path)
            _ = try other.gamePage(page: 1, size: 5)  // holds cached statements

            let user = try store.insertUser(
                phone: "13912345678", passwordHash: "aa", salt: "bb", iterations: 1, nickname: "Temp", createdAt: 5)
            try store.insertToken(
                userID: user.id, tokenHash: "h", tokenPrefix: "p", deviceID: nil, createdAt: 5, expiresAt: 50)
            _ = try store.insertCheckin(userID: 1, day: "2026-01-02", deviceID: nil, createdAt: 5)
            _ = try store.recordNonce(appKey: "demo-app", nonce: "n1", seenAt: 5)
            _ = try store.updateProfile(userID: 2, nickname: "Changed", avatarURL: "https://example.com/x.png")
            try store.database.execute("DELETE FROM games WHERE id = 3")
            try store.database.execute("UPDATE apps SET secret = 'changed' WHERE app_key = 'demo-app'")
            #expect(try snapshot(store.database) != seeded)

            try other.reset(seedSQL: try Seed.sql())

            #expect(try snapshot(store.database) == seeded)
            #expect(try snapshot(other.database) == seeded)
            #expect(try other.gamePage(page: 1, size: 5).items.map(\.id) == [1, 2, 3, 4, 5])
            // Ids restart where the seed leaves them, as in a fresh database.
            let next = try store.insertUser(
                phone: "13912345678", passwordHash: "aa", salt: "bb", iterations: 1, nickname: "Again", createdAt: 6)
            #expect(next.id == user.id)
        }
    }

    @Test func failedResetKeepsTheData() throws {
        try withSeededStore { _, store throws in
            _ = try store.insertCheckin(userID: 1, day: "2026-01-02", deviceID: nil, createdAt: 5)
            let before = try snapshot(store.database)
            #expect(throws: StoreError.self) { try store.reset(seedSQL: "INSERT INTO nowhere VALUES (1)") }
            #expect(try snapshot(store.database) == before)
        }
    }

    @Test func seedIntoAnEmptyDatabaseMatchesCreate() throws {
        try withSeededStore { _, created throws in
            try withEmptyStore { _, empty throws in
                try empty.seed(sql: try Seed.sql())
                #expect(try snapshot(empty.database) == (try snapshot(created.database)))
            }
        }
    }
}
