import Testing
import Store

@Suite("Tokens")
struct TokensTests {
    private let now: Int64 = 1_767_300_000

    @discardableResult
    private func issue(
        _ store: Store, userID: Int64, hash: String, prefix: String, expiresAt: Int64? = nil
    ) throws -> TokenRecord {
        try store.insertToken(
            userID: userID, tokenHash: hash, tokenPrefix: prefix, deviceID: "device-\(userID)",
            createdAt: now, expiresAt: expiresAt ?? now + 3600)
    }

    @Test func activeUserIsTheTokensOwner() throws {
        try withSeededStore { _, store throws in
            let token = try issue(store, userID: 1, hash: "hash-a", prefix: "0a1b2c3d")
            try issue(store, userID: 2, hash: "hash-b", prefix: "9f8e7d6c")
            #expect(token.userID == 1 && token.tokenHash == "hash-a" && token.tokenPrefix == "0a1b2c3d")
            #expect(token.deviceID == "device-1" && token.revokedAt == nil && token.expiresAt == now + 3600)

            #expect(try store.activeToken(tokenHash: "hash-a", now: now)?.user == (try store.user(id: 1)))
            #expect(try store.activeToken(tokenHash: "hash-b", now: now)?.user == (try store.user(id: 2)))
            #expect(try store.activeToken(tokenHash: "unknown", now: now)?.user == nil)
            #expect(try store.activeToken(tokenHash: "hash-a", now: now)?.expiresAt == now + 3600)
        }
    }

    @Test func tokenExpiresWhenNowReachesExpiresAt() throws {
        try withSeededStore { _, store throws in
            try issue(store, userID: 1, hash: "hash-a", prefix: "0a1b2c3d", expiresAt: now + 10)
            #expect(try store.activeToken(tokenHash: "hash-a", now: now + 9)?.user != nil)
            #expect(try store.activeToken(tokenHash: "hash-a", now: now + 10)?.user == nil)
        }
    }

    @Test func revokedTokenIsNoLongerActive() throws {
        try withSeededStore { _, store throws in
            try issue(store, userID: 1, hash: "hash-a", prefix: "0a1b2c3d")
            try issue(store, userID: 1, hash: "hash-b", prefix: "9f8e7d6c")
            #expect(try store.revokeToken(tokenHash: "hash-a", at: now + 1))
            #expect(try store.activeToken(tokenHash: "hash-a", now: now + 2)?.user == nil)
            #expect(try store.activeToken(tokenHash: "hash-b", now: now + 2)?.user != nil)
            // A second revocation (a racing logout) reports that it changed nothing.
            #expect(try !store.revokeToken(tokenHash: "hash-a", at: now + 3))
            #expect(try !store.revokeToken(tokenHash: "unknown", at: now + 3))
        }
    }

    /// Issues tokens u1a, u1b (user 1), u2a (user 2) and a revoked u2r, expires with
    /// `selector` at now + 5, and checks the count and which tokens remain active.
    private func expire(_ selector: TokenExpiry, expectCount: Int, expectActive: [String]) throws {
        try withSeededStore { _, store throws in
            try issue(store, userID: 1, hash: "u1a", prefix: "aaaa1111")
            try issue(store, userID: 1, hash: "u1b", prefix: "bbbb1111")
            try issue(store, userID: 2, hash: "u2a", prefix: "cccc2222")
            try issue(store, userID: 2, hash: "u2r", prefix: "dddd2222")
            try store.revokeToken(tokenHash: "u2r", at: now)

            #expect(try store.expireTokens(matching: selector, now: now + 5) == expectCount)
            let all = ["u1a", "u1b", "u2a"]
            #expect(try all.filter { try store.activeToken(tokenHash: $0, now: now + 5)?.user != nil } == expectActive)
            // Expired means expires_at = now - 1: the rows are still there, active just before.
            #expect(try all.filter { try store.activeToken(tokenHash: $0, now: now + 3)?.user != nil } == all)
            #expect(try store.activeToken(tokenHash: "u2r", now: now + 3)?.user == nil)
        }
    }

    @Test func expireByUser() throws {
        try expire(.user(1), expectCount: 2, expectActive: ["u2a"])
    }

    @Test func expireByPhone() throws {
        try expire(.phone("13800000001"), expectCount: 1, expectActive: ["u1a", "u1b"])
    }

    @Test func expireByPrefixIgnoresCase() throws {
        try expire(.prefix("AAAA1111"), expectCount: 1, expectActive: ["u1b", "u2a"])
    }

    @Test func expireAllSkipsRevokedTokens() throws {
        try expire(.all, expectCount: 3, expectActive: [])
    }

    @Test func expireMatchingNothing() throws {
        try expire(.phone("13999999999"), expectCount: 0, expectActive: ["u1a", "u1b", "u2a"])
        try expire(.user(3), expectCount: 0, expectActive: ["u1a", "u1b", "u2a"])
        try expire(.prefix("aaaa"), expectCount: 0, expectActive: ["u1a", "u1b", "u2a"])
    }

    @Test func expiringTwiceCountsOnlyStillActiveTokens() throws {
        try withSeededStore { _, store throws in
            try issue(store, userID: 1, hash: "u1a", prefix: "aaaa1111")
            #expect(try store.expireTokens(matching: .user(1), now: now + 5) == 1)
            #expect(try store.expireTokens(matching: .user(1), now: now + 6) == 0)
        }
    }

    @Test func tokenForAnUnknownUserIsRejected() throws {
        try withSeededStore { _, store throws in
            #expect {
                try issue(store, userID: 999, hash: "orphan", prefix: "eeee0000")
            } throws: { error in
                (error as? StoreError)?.code == .constraintForeignKey
            }
        }
    }
}
