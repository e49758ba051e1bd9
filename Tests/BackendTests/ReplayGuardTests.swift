@testable import Backend
import Signing
import Store
import Synchronization
import System
import TestSupport
import Testing

/// `ReplayGuard` against a real database and a clock the test moves.
@Suite struct ReplayGuardTests {
    /// A wall clock that stands still until the test sets it.
    final class ManualClock: WallClock {
        let seconds = Atomic<Int64>(1_767_225_600)
        func unixMilliseconds() -> Int64 { seconds.load(ordering: .relaxed) * 1000 }
        func set(_ value: Int64) { seconds.store(value, ordering: .relaxed) }
    }

    let folder = TemporaryDirectory("replay")
    let store: Store
    let clock = ManualClock()
    let replayGuard: ReplayGuard

    init() throws {
        store = try Store(path: folder.file("countersign.sqlite"))
        var settings = BackendSettings(timeZone: try TimeZoneRules(identifier: "Asia/Shanghai"))
        settings.enableReplayProtection(windowSeconds: 10)
        replayGuard = try #require(ReplayGuard(settings: settings, store: store, clock: clock))
    }

    private func admit(timestamp: Int64, nonce: String, appKey: String = "demo-app") -> APIError? {
        do {
            try replayGuard.admit(SignableRequest(method: "GET", target: "/api/v1/ping",
                                                  headers: [("X-TIMESTAMP", String(timestamp)), ("X-NONCE", nonce)]),
                                  appKey: appKey)
            return nil
        } catch {
            return error
        }
    }

    /// How many nonces the table holds (emptying it).
    private func takeNonceCount() throws -> Int { try store.pruneNonces(olderThan: .max) }

    @Test func theSkewIsTheTimestampMinusTheServerClock() {
        let now = clock.unixSeconds()
        #expect(admit(timestamp: now - 10, nonce: "nonce-edge-past") == nil)
        #expect(admit(timestamp: now + 10, nonce: "nonce-edge-future") == nil)
        #expect(admit(timestamp: now - 11, nonce: "nonce-too-old")?.message == .requestExpired(skewSeconds: -11))
        #expect(admit(timestamp: now + 3_600, nonce: "nonce-ahead")?.message == .requestExpired(skewSeconds: 3_600))
    }

    @Test func noncesArePerApp() {
        let now = clock.unixSeconds()
        #expect(admit(timestamp: now, nonce: "shared-nonce") == nil)
        #expect(admit(timestamp: now, nonce: "shared-nonce")?.message == .nonceReused)
        #expect(admit(timestamp: now, nonce: "shared-nonce", appKey: "partner-top") == nil)
    }

    @Test func settingsSignTheReplayHeadersOnce() throws {
        var settings = BackendSettings(timeZone: try TimeZoneRules(identifier: "Asia/Shanghai"))
        settings.signingPolicy.signedHeaders = ["X-API-VERSION", "x-nonce"]
        settings.enableReplayProtection(windowSeconds: 60)
        #expect(settings.replayWindowSeconds == 60)
        #expect(settings.signingPolicy.signedHeaders == ["X-API-VERSION", "x-nonce", "X-TIMESTAMP"])
        settings.signature = .off
        #expect(ReplayGuard(settings: settings, store: store, clock: clock) == nil)
    }

    @Test func agedNoncesArePrunedAtMostOnceAMinute() throws {
        let start = clock.unixSeconds()
        #expect(admit(timestamp: start, nonce: "first-nonce") == nil)  // the first request prunes
        clock.set(start + 30)
        #expect(admit(timestamp: start + 30, nonce: "second-nonce") == nil)
        // "first-nonce" left the window 20 s ago, but the next pruning is due at start + 60.
        #expect(try takeNonceCount() == 2)

        #expect(admit(timestamp: start + 30, nonce: "third-nonce") == nil)
        clock.set(start + 61)
        #expect(admit(timestamp: start + 61, nonce: "fourth-nonce") == nil)
        // Due: "third-nonce" (start + 30) is older than the window and went; only the new one is left.
        #expect(try takeNonceCount() == 1)
    }

    @Test func aNonceOutsideTheWindowIsAcceptedBeforeItIsPruned() {
        let start = clock.unixSeconds()
        #expect(admit(timestamp: start, nonce: "again-nonce") == nil)
        clock.set(start + 11)
        #expect(admit(timestamp: start + 11, nonce: "again-nonce") == nil)
        #expect(admit(timestamp: start + 11, nonce: "again-nonce")?.message == .nonceReused)
    }
}
