import Store
import Testing
import TestSupport
@testable import Backend

/// The sessions an event loop reuses while the database is unchanged.
@Suite struct SessionCacheTests {
    private static let now: Int64 = 1_767_300_000

    /// An empty database, a second connection to it sharing the first's change counter (another
    /// loop), and a user.
    private static func withStores(_ body: (Store, Store, UserRecord) throws -> Void) throws {
        let directory = TemporaryDirectory("session-cache")
        defer { directory.remove() }
        let path = directory.file("countersign.sqlite")
        let changes = ChangeCounter()
        let store = try Store(path: path, changes: changes)
        let user = try store.insertUser(phone: "13900000000", passwordHash: "h", salt: "s", iterations: 1,
                                        nickname: "n", createdAt: now)
        try body(store, try Store(path: path, changes: changes), user)
    }

    @Test func aSessionIsReusedUntilItsTokenExpires() throws {
        try Self.withStores { store, _, user in
            var cache = SessionCache()
            let stamp = try store.contentStamp()
            #expect(cache.session(for: "token", current: stamp, now: Self.now) == nil)
            cache.insert(Session(user: user, tokenHash: "hash"), for: "token", expiresAt: Self.now + 10)
            #expect(cache.session(for: "token", current: stamp, now: Self.now + 9)?.tokenHash == "hash")
            #expect(cache.session(for: "token", current: stamp, now: Self.now + 10) == nil)
            #expect(cache.session(for: "other", current: stamp, now: Self.now) == nil)
        }
    }

    @Test func anyCommitEmptiesIt() throws {
        try Self.withStores { store, other, user in
            var cache = SessionCache()
            _ = cache.session(for: "token", current: try store.contentStamp(), now: Self.now)
            cache.insert(Session(user: user, tokenHash: "hash"), for: "token", expiresAt: Self.now + 10)
            _ = try other.updateProfile(userID: user.id, nickname: "elsewhere", avatarURL: nil)
            #expect(cache.session(for: "token", current: try store.contentStamp(), now: Self.now) == nil)

            cache.insert(Session(user: user, tokenHash: "hash"), for: "token", expiresAt: Self.now + 10)
            #expect(cache.session(for: "token", current: try store.contentStamp(), now: Self.now) != nil)
            _ = try store.updateProfile(userID: user.id, nickname: "here", avatarURL: nil)
            #expect(cache.session(for: "token", current: try store.contentStamp(), now: Self.now) == nil)

            // Another process (the sqlite3 shell): seen once the loop reads the commit mark again, at its next turn.
            cache.insert(Session(user: user, tokenHash: "hash"), for: "token", expiresAt: Self.now + 10)
            _ = try Store(path: store.path).updateProfile(userID: user.id, nickname: "shell", avatarURL: nil)
            store.forgetCommitMark()
            #expect(cache.session(for: "token", current: try store.contentStamp(), now: Self.now) == nil)
        }
    }

    @Test func aFullCacheStartsAgain() throws {
        try Self.withStores { store, _, user in
            var cache = SessionCache()
            let stamp = try store.contentStamp()
            _ = cache.session(for: "first", current: stamp, now: Self.now)
            for index in 0..<SessionCache.capacity {
                cache.insert(Session(user: user, tokenHash: "h"), for: "token-\(index)"[...], expiresAt: Self.now + 10)
            }
            #expect(cache.session(for: "token-0", current: stamp, now: Self.now) != nil)
            cache.insert(Session(user: user, tokenHash: "h"), for: "one-more", expiresAt: Self.now + 10)
            #expect(cache.session(for: "token-0", current: stamp, now: Self.now) == nil)
            #expect(cache.session(for: "one-more", current: stamp, now: Self.now) != nil)
        }
    }

    /// Sessions are found by a hash of the token's length and ends only; the whole token decides.
    @Test func tokensThatShareTheirEndsAreDifferentSessions() throws {
        try Self.withStores { store, _, user in
            var cache = SessionCache()
            let stamp = try store.contentStamp()
            let first = "abcdefgh" + String(repeating: "1", count: 48) + "stuvwxyz"
            let second = "abcdefgh" + String(repeating: "2", count: 48) + "stuvwxyz"
            _ = cache.session(for: Substring(first), current: stamp, now: Self.now)
            cache.insert(Session(user: user, tokenHash: "first"), for: Substring(first), expiresAt: Self.now + 10)
            #expect(cache.session(for: Substring(second), current: stamp, now: Self.now) == nil)
            cache.insert(Session(user: user, tokenHash: "second"), for: Substring(second), expiresAt: Self.now + 10)
            #expect(cache.session(for: Substring(first), current: stamp, now: Self.now)?.tokenHash == "first")
            #expect(cache.session(for: Substring(second), current: stamp, now: Self.now)?.tokenHash == "second")
            #expect(cache.session(for: "short", current: stamp, now: Self.now) == nil)
        }
    }
}
