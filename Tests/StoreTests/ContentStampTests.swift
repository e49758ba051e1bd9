import Testing
@testable import Store

/// The stamp that tells a connection whether anything was written since it last looked.
@Suite("Content stamp")
struct ContentStampTests {
    @Test func readsLeaveItAsItWas() throws {
        try withSeededStore { _, store in
            let before = try store.contentStamp()
            _ = try store.user(id: 1)
            _ = try store.activeToken(tokenHash: "none", now: 0)
            store.forgetDataVersion()
            #expect(try store.contentStamp() == before)
        }
    }

    @Test func aCommitOnThisConnectionChangesIt() throws {
        try withSeededStore { _, store in
            let before = try store.contentStamp()
            try store.insertToken(userID: 1, tokenHash: "h", tokenPrefix: "p", deviceID: nil, createdAt: 0, expiresAt: 10)
            let afterInsert = try store.contentStamp()
            #expect(afterInsert != before)
            _ = try store.expireTokens(matching: .all, now: 5)
            #expect(try store.contentStamp() != afterInsert)
        }
    }

    /// Another event loop, or the admin API on one: a connection sharing the counter. Its commit
    /// shows at once, without `data_version` being read again.
    @Test func aCommitOnAConnectionSharingTheCounterChangesItAtOnce() throws {
        try withSeededStore { path, _ in
            let changes = ChangeCounter()
            let store = try Store(path: path, changes: changes)
            let otherLoop = try Store(path: path, changes: changes)
            let before = try store.contentStamp()
            let statements = store.statementTiming
            try otherLoop.insertToken(userID: 1, tokenHash: "h", tokenPrefix: "p", deviceID: nil, createdAt: 0, expiresAt: 10)
            #expect(try store.contentStamp() != before)
            #expect(store.statementTiming.since(statements).statements == 0)
        }
    }

    /// Another process or the sqlite3 shell: another connection, sharing no counter. Its commit
    /// shows once the connection has forgotten the `data_version` it read (once per loop turn).
    @Test func aCommitOfAnotherProcessChangesItOnceDataVersionIsReadAgain() throws {
        try withSeededStore { path, store in
            let otherProcess = try Store(path: path)
            let before = try store.contentStamp()
            try otherProcess.insertToken(userID: 1, tokenHash: "h", tokenPrefix: "p", deviceID: nil, createdAt: 0, expiresAt: 10)
            #expect(try store.contentStamp() == before)
            store.forgetDataVersion()
            let after = try store.contentStamp()
            #expect(after != before)
            store.forgetDataVersion()
            #expect(try store.contentStamp() == after)
        }
    }

    /// The counter moves once the commit is complete, for a commit of a statement on its own, of
    /// a transaction, and of a script; not for reads, nor for a write that failed.
    @Test func theCounterCountsCompletedCommitsOnly() throws {
        try withSeededStore { path, _ in
            let changes = ChangeCounter()
            let store = try Store(path: path, changes: changes)
            let start = changes.value
            _ = try store.user(id: 1)
            store.beginReadTransaction()
            _ = try store.activeToken(tokenHash: "none", now: 0)
            store.endReadTransaction()
            #expect(changes.value == start)
            _ = try store.insertCheckin(userID: 1, day: "2026-01-01", deviceID: nil, createdAt: 1)
            #expect(changes.value == start + 1)
            #expect(throws: StoreError.alreadyCheckedIn) {
                try store.insertCheckin(userID: 1, day: "2026-01-01", deviceID: nil, createdAt: 2)
            }
            #expect(changes.value == start + 1)
            try store.reset(seedSQL: try Seed.sql())
            #expect(changes.value == start + 2)
            #expect(store.database.isAutocommit)
        }
    }
}
