import Testing
@testable import Store

@Suite("Durability")
struct DurabilityTests {
    @Test func committedInsertIsSeenAfterReopening() throws {
        try withSeededStore { path, store throws in
            let user = try store.insertUser(
                phone: "13912345678", passwordHash: "aa", salt: "bb", iterations: 1, nickname: "Kept", createdAt: 7)
            let reopened = try Store(path: path)
            #expect(try reopened.user(phone: "13912345678") == user)
        }
    }

    @Test func committedInsertSurvivesACrashWithoutClose() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/countersign.sqlite"
            try Store.create(at: path, seedSQL: try Seed.sql())
            let store = try Store(path: path)
            try store.database.execute("PRAGMA wal_autocheckpoint = 0")  // the commit stays in the WAL
            _ = try store.insertCheckin(userID: 1, day: "2026-01-02", deviceID: nil, createdAt: 7)

            // The files as a kill -9 leaves them right now: the database and its WAL, not closed.
            let crashed = "\(folder)/crashed.sqlite"
            try withExtendedLifetime(store) {
                try TestFiles.write(try TestFiles.read(path), to: crashed)
                try TestFiles.write(try TestFiles.read(path + "-wal"), to: crashed + "-wal")
            }

            let recovered = try Store(path: crashed)
            #expect(try recovered.recentCheckins(userID: 1, limit: 1).lastCheckinAt == 7)
        }
    }
}
