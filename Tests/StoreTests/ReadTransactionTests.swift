import Testing
@testable import Store

/// The read transaction a request's reads share: begun by its first statement, so that a request
/// answered from memory runs none.
@Suite struct ReadTransactionTests {
    @Test func anUnusedReadTransactionRunsNoStatement() throws {
        try withSeededStore { _, store in
            let before = store.statementTiming
            store.beginReadTransaction()
            store.endReadTransaction()
            #expect(store.statementTiming.since(before).statements == 0)
            #expect(store.database.isAutocommit)
        }
    }

    @Test func itBeginsAtTheFirstReadAndSeesOneSnapshot() throws {
        try withSeededStore { path, store in
            let other = try Store(path: path)
            store.beginReadTransaction()
            #expect(store.database.isAutocommit)
            #expect(try store.user(id: 1)?.nickname != "changed")
            #expect(!store.database.isAutocommit)
            _ = try other.updateProfile(userID: 1, nickname: "changed", avatarURL: nil)
            _ = try other.insertCheckin(userID: 1, day: "2026-01-01", deviceID: nil, createdAt: 1)
            // Still the snapshot, also for a page, whose own deferred transaction joins this one.
            #expect(try store.user(id: 1)?.nickname != "changed")
            #expect(try store.checkinPage(userID: 1, page: 1, size: 10).total == 0)
            store.endReadTransaction()
            #expect(store.database.isAutocommit)
            #expect(try store.user(id: 1)?.nickname == "changed")
            #expect(try store.checkinPage(userID: 1, page: 1, size: 10).total == 1)
        }
    }

    @Test func aDeferredTransactionAskedForWhileOneIsPendingJoinsIt() throws {
        try withSeededStore { _, store in
            _ = try store.insertCheckin(userID: 1, day: "2026-01-01", deviceID: nil, createdAt: 1)
            store.beginReadTransaction()
            let before = store.statementTiming
            _ = try store.checkinPage(userID: 1, page: 1, size: 10)
            // BEGIN, the count and the page; no second BEGIN, no COMMIT yet.
            #expect(store.statementTiming.since(before).statements == 3)
            #expect(!store.database.isAutocommit)
            store.endReadTransaction()
            #expect(store.database.isAutocommit)
        }
    }
}
