import Testing
import Store

/// The stamp that tells a connection whether anything was written since it last looked.
@Suite("Content stamp")
struct ContentStampTests {
    @Test func readsLeaveItAsItWas() throws {
        try withSeededStore { _, store in
            let before = try store.contentStamp()
            _ = try store.user(id: 1)
            _ = try store.activeToken(tokenHash: "none", now: 0)
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

    /// Another loop, another process or the sqlite3 shell: each is another connection to the file.
    @Test func aCommitOnAnotherConnectionChangesIt() throws {
        try withSeededStore { path, store in
            let other = try Store(path: path)
            let before = try store.contentStamp()
            _ = try other.contentStamp()
            #expect(try store.contentStamp() == before)
            try other.insertToken(userID: 1, tokenHash: "h", tokenPrefix: "p", deviceID: nil, createdAt: 0, expiresAt: 10)
            #expect(try store.contentStamp() != before)
        }
    }
}
