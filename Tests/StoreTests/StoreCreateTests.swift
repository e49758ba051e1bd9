import Testing
@testable import Store

@Suite("Store.create and the seed")
struct StoreCreateTests {
    @Test func createFromSeedHoldsTheCatalogueAppsAndDemoUsers() throws {
        try withSeededStore { _, store throws in
            let games = try store.gamePage(page: 1, size: 100)
            #expect(games.total >= 30)
            #expect(games.items.count == games.total)
            #expect(games.items.allSatisfy { $0.coverURL == "https://example.com/covers/\($0.id).png" })
            #expect(games.items.allSatisfy { (0...5).contains($0.rating) && !$0.name.isEmpty && !$0.genre.isEmpty })

            let apps = try store.allApps()
            #expect(apps.filter(\.isDefault).map(\.appKey) == ["demo-app"])
            let byKey = Dictionary(uniqueKeysWithValues: apps.map { ($0.appKey, $0) })
            #expect(byKey["demo-app"]?.secrets == ["dev-secret-please-change"])
            #expect(byKey["demo-app"]?.name == "Demo App")
            #expect(byKey["demo-app"]?.scheme == "md5")
            #expect(byKey["partner-top"]?.scheme == "top-md5")
            #expect(byKey["partner-top"]?.secrets == ["partner-top-secret"])
            #expect(byKey["partner-hmac"]?.scheme == "hmac-sha256")
            #expect(byKey["partner-hmac"]?.secrets == ["partner-hmac-secret"])
            #expect(byKey["rotating-app"]?.secrets == ["rotating-new-secret", "rotating-old-secret"])

            let demo = try #require(try store.user(phone: "13800000000"))
            #expect(demo.nickname == "Demo User")
            #expect(!demo.isDisabled)
            #expect(demo.passwordIterations == 100_000)
            #expect(demo.passwordSalt.count == 32 && demo.passwordHash.count == 64)
            #expect(try store.user(phone: "13800000001")?.nickname == "Second User")
            #expect(try store.user(phone: "13800000002")?.isDisabled == true)
            let phones = ["13800000000", "13800000001", "13800000002"]
            let salts = try phones.map { try store.user(phone: $0)?.passwordSalt }
            #expect(Set(salts).count == 3)
        }
    }

    @Test func createLeavesOnlyTheDatabaseFile() throws {
        try withTemporaryFolder { folder in
            try Store.create(at: "\(folder)/countersign.sqlite", seedSQL: try Seed.sql())
            #expect(try TestFiles.list(folder) == ["countersign.sqlite"])
        }
    }

    @Test func createRefusesAnExistingFile() throws {
        try withSeededStore { path, store throws in
            _ = try store.insertUser(
                phone: "13900000000", passwordHash: "aa", salt: "bb", iterations: 1, nickname: "Kept", createdAt: 1)
            #expect(throws: StoreError.alreadyExists(path: path)) {
                try Store.create(at: path, seedSQL: try Seed.sql())
            }
            #expect(try store.user(phone: "13900000000") != nil)
        }
    }

    @Test func failedCreateLeavesNothingBehind() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/countersign.sqlite"
            let brokenSeed = try Seed.sql() + "\nINSERT INTO games (id) VALUES (1);"
            #expect(throws: StoreError.self) { try Store.create(at: path, seedSQL: brokenSeed) }
            #expect(try TestFiles.list(folder) == [])
            // A later attempt with a good seed succeeds.
            try Store.create(at: path, seedSQL: try Seed.sql())
            #expect(try Store(path: path).gamePage(page: 1, size: 1).total >= 30)
        }
    }

    @Test func orphanedWALOfADeletedDatabaseIsNotReplayed() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/countersign.sqlite"
            try Store.create(at: path, seedSQL: try Seed.sql())
            // Keep a copy of a WAL holding a change, as a crashed process would leave it ...
            do {
                let store = try Store(path: path)
                try store.database.execute("PRAGMA wal_autocheckpoint = 0")
                _ = try store.insertUser(
                    phone: "13900000000", passwordHash: "aa", salt: "bb", iterations: 1, nickname: "Ghost",
                    createdAt: 1)
                try withExtendedLifetime(store) {
                    try TestFiles.write(try TestFiles.read(path + "-wal"), to: "\(folder)/saved-wal")
                }
            }
            // ... then delete the database by hand but not its WAL.
            try TestFiles.remove(path)
            try TestFiles.write(try TestFiles.read("\(folder)/saved-wal"), to: path + "-wal")

            try Store.create(at: path, seedSQL: try Seed.sql())
            let store = try Store(path: path)
            #expect(try store.user(phone: "13900000000") == nil)
            #expect(try store.gamePage(page: 1, size: 1).total >= 30)
        }
    }
}
