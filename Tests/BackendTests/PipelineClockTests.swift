import Backend
import CountersignClient
import Foundation
import HTTP
import Testing
import TestSupport

/// The pipeline's windows in time, tested by advancing a manual clock: token lifetime, the login
/// throttle's window and the replay window.
@Suite struct PipelineClockTests {
    @Test func aTokenExpiresAtItsLifetime() throws {
        let backend = try InMemoryBackend { $0.tokenLifetimeSeconds = 60 }
        let token = try backend.logIn()
        backend.clock.advance(by: 59)
        #expect(try backend.signedCall("GET", "/api/v1/users/me", token: token).code == 0)
        backend.clock.advance(by: 1)
        let expired = try backend.signedCall("GET", "/api/v1/users/me", token: token)
        #expect(expired.code == 20104)
        #expect(expired.status == 401)
    }

    @Test func theLoginThrottleLiftsWhenItsWindowEnds() throws {
        let backend = try InMemoryBackend { $0.loginThrottle = LoginThrottlePolicy(maxFailures: 3, windowSeconds: 60) }
        let login = { (password: String) in
            try backend.signedCall("POST", "/api/v1/users/login", parameters: [("phone", TestServer.demoPhone), ("password", password)])
        }
        for _ in 0..<3 { #expect(try login("wrong-password").code == 20102) }
        let throttled = try login(TestServer.demoPassword)
        #expect(throttled.code == 10429)
        #expect(throttled.status == 429)
        #expect(throttled.headers["Retry-After"] == "60")
        backend.clock.advance(by: 59)
        #expect(try login(TestServer.demoPassword).headers["Retry-After"] == "1")
        backend.clock.advance(by: 1)
        #expect(try login(TestServer.demoPassword).code == 0)
    }

    /// A ping signed with replay protection's headers.
    private static func ping(timestamp: Int64, nonce: String) -> HTTPRequest {
        let signer = MobileRequestSigner(secret: TestServer.defaultSecret)
        var request = signer.request("GET", "/api/v1/ping")
        let replayHeaders = [("X-TIMESTAMP", String(timestamp)), ("X-NONCE", nonce)]
        for (name, value) in replayHeaders { request.headers.add(name: name, value: value) }
        request.headers.replaceOrAdd(name: "X-SIGNATURE", value: MobileRequestSigner.signature(
            parameters: [], headers: signer.signedHeaders + replayHeaders, secret: TestServer.defaultSecret))
        return request
    }

    @Test func aTimestampOutsideTheWindowIsExpired() throws {
        let backend = try InMemoryBackend { $0.enableReplayProtection(windowSeconds: 300) }
        let now = backend.clock.unixSeconds()
        #expect(try backend.envelope(Self.ping(timestamp: now - 300, nonce: UUID().uuidString)).code == 0)
        #expect(try backend.envelope(Self.ping(timestamp: now + 300, nonce: UUID().uuidString)).code == 0)
        let stale = try backend.envelope(Self.ping(timestamp: now - 301, nonce: UUID().uuidString))
        #expect(stale.code == 10004)
        #expect(stale.message.contains("-301 s away"), "\(stale.message)")
        let signedEarlier = Self.ping(timestamp: now, nonce: UUID().uuidString)
        backend.clock.advance(by: 301)
        #expect(try backend.envelope(signedEarlier).code == 10004)
    }

    @Test func aNonceIsRefusedWithinTheWindowAndMayComeBackAfterIt() throws {
        let backend = try InMemoryBackend { $0.enableReplayProtection(windowSeconds: 300) }
        let nonce = UUID().uuidString
        let start = backend.clock.unixSeconds()
        #expect(try backend.envelope(Self.ping(timestamp: start, nonce: nonce)).code == 0)
        #expect(try backend.envelope(Self.ping(timestamp: start, nonce: nonce)).code == 10004)
        backend.clock.advance(by: 300)
        #expect(try backend.envelope(Self.ping(timestamp: backend.clock.unixSeconds(), nonce: nonce)).code == 10004)
        backend.clock.advance(by: 1)
        #expect(try backend.envelope(Self.ping(timestamp: backend.clock.unixSeconds(), nonce: nonce)).code == 0)
    }
}
