import Testing
import Store

@Suite("Nonces")
struct NoncesTests {
    @Test func aNonceIsAcceptedOncePerApp() throws {
        try withSeededStore { _, store throws in
            #expect(try store.recordNonce(appKey: "demo-app", nonce: "n-1", seenAt: 100))
            #expect(try !store.recordNonce(appKey: "demo-app", nonce: "n-1", seenAt: 101))
            #expect(try store.recordNonce(appKey: "partner-top", nonce: "n-1", seenAt: 101))
            #expect(try store.recordNonce(appKey: "demo-app", nonce: "n-2", seenAt: 101))
        }
    }

    @Test func pruningForgetsOnlyOlderNonces() throws {
        try withSeededStore { _, store throws in
            _ = try store.recordNonce(appKey: "demo-app", nonce: "old", seenAt: 100)
            _ = try store.recordNonce(appKey: "demo-app", nonce: "edge", seenAt: 200)
            _ = try store.recordNonce(appKey: "demo-app", nonce: "new", seenAt: 300)
            #expect(try store.pruneNonces(olderThan: 200) == 1)
            #expect(try store.recordNonce(appKey: "demo-app", nonce: "old", seenAt: 400))
            #expect(try !store.recordNonce(appKey: "demo-app", nonce: "edge", seenAt: 400))
            #expect(try !store.recordNonce(appKey: "demo-app", nonce: "new", seenAt: 400))
        }
    }
}
