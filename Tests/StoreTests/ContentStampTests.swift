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
            store.forgetCommitMark()
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
    /// shows at once, without the `CommitMark` being read again.
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
    /// shows once the connection has forgotten the `CommitMark` it read (once per loop turn).
    @Test func aCommitOfAnotherProcessChangesItOnceTheCommitMarkIsReadAgain() throws {
        try withSeededStore { path, store in
            let otherProcess = try Store(path: path)
            let before = try store.contentStamp()
            try otherProcess.insertToken(userID: 1, tokenHash: "h", tokenPrefix: "p", deviceID: nil, createdAt: 0, expiresAt: 10)
            #expect(try store.contentStamp() == before)
            store.forgetCommitMark()
            let after = try store.contentStamp()
            #expect(after != before)
            store.forgetCommitMark()
            #expect(try store.contentStamp() == after)
        }
    }

    /// In WAL mode the mark is the WAL index's header, read from shared memory: no statement runs.
    /// Every commit of another connection moves it, a commit that follows a checkpoint which emptied
    /// the WAL (and so starts it again from its first frame) included. (Such a checkpoint rewrites
    /// the header too: a reader then only rereads what had not changed.)
    @Test func inWALModeTheMarkIsTheWALIndexHeaderReadWithoutAStatement() throws {
        try withSeededStore { path, store in
            let otherProcess = try Store(path: path)
            let statements = store.statementTiming
            let before = try store.database.commitMark()
            guard case .walIndexHeader = before else {
                Issue.record("a WAL-mode file gave \(before)")
                return
            }
            #expect(store.statementTiming.since(statements).statements == 0)
            #expect(try store.database.commitMark() == before)

            try otherProcess.insertToken(userID: 1, tokenHash: "h1", tokenPrefix: "p", deviceID: nil, createdAt: 0, expiresAt: 10)
            let afterFirst = try store.database.commitMark()
            #expect(afterFirst != before)
            try otherProcess.database.checkpoint()
            let afterCheckpoint = try store.database.commitMark()
            try otherProcess.insertToken(userID: 1, tokenHash: "h2", tokenPrefix: "p", deviceID: nil, createdAt: 0, expiresAt: 10)
            #expect(try store.database.commitMark() != afterCheckpoint)
            #expect(store.statementTiming.since(statements).statements == 0)
        }
    }

    /// A database with no WAL index (in memory, so never in WAL mode) marks commits by `PRAGMA
    /// data_version`, a statement.
    @Test func withoutAWALIndexTheMarkIsDataVersion() throws {
        let store = try Store(path: ":memory:")
        let statements = store.statementTiming
        guard case .dataVersion = try store.database.commitMark() else {
            Issue.record("an in-memory database has no WAL index")
            return
        }
        #expect(store.statementTiming.since(statements).statements == 1)
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
