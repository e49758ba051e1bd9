import Backend
import CountersignServer
import CountersignClient
import Testing
import TestSupport

/// Repeated wrong passwords answer 10429 with `Retry-After` (on by default, configurable, can be off).
@Suite struct LoginThrottleTests {
    private func login(_ server: TestServer, phone: String, password: String) throws -> ReceivedEnvelope {
        try ReceivedEnvelope(server.client().send(server.signer().request("POST", "/api/v1/users/login",
            parameters: [("phone", phone), ("password", password)])))
    }

    @Test func wrongPasswordsForOnePhoneAreThrottledThenRetryAfterIsHonoured() throws {
        let window: Int64 = 60
        let clock = ManualClock()
        let server = try TestServer(clock: clock) { $0.loginThrottle = LoginThrottlePolicy(maxFailures: 3, windowSeconds: window) }
        for _ in 0..<3 {
            #expect(try login(server, phone: TestServer.demoPhone, password: "wrong-password").code == 20102)
        }
        let throttled = try login(server, phone: TestServer.demoPhone, password: TestServer.demoPassword)
        #expect(throttled.code == 10429)
        #expect(throttled.status == 429)
        let retryAfter = try #require(throttled.headers["Retry-After"].flatMap { Int($0) })
        #expect((1...window).contains(Int64(retryAfter)))
        // Another phone from the same address is not locked out by this phone's failures.
        #expect(try login(server, phone: "13800000001", password: TestServer.demoPassword).code == 0)
        clock.advance(by: Int64(retryAfter))
        #expect(try login(server, phone: TestServer.demoPhone, password: TestServer.demoPassword).code == 0)
    }

    @Test func oneAddressTryingManyPhonesIsThrottledToo() throws {
        let server = try TestServer { $0.loginThrottle = LoginThrottlePolicy(maxFailures: 2, windowSeconds: 60) }
        let allowed = 2 * LoginThrottlePolicy.addressMultiplier
        for index in 0..<allowed {
            #expect(try login(server, phone: "1390000\(1000 + index)", password: "wrong-password").code == 20102)
        }
        #expect(try login(server, phone: "13900009999", password: "wrong-password").code == 10429)
    }

    @Test func throttlingCanBeSwitchedOff() throws {
        let server = try TestServer { $0.loginThrottle = nil }
        for _ in 0..<12 {
            #expect(try login(server, phone: TestServer.demoPhone, password: "wrong-password").code == 20102)
        }
        #expect(try login(server, phone: TestServer.demoPhone, password: TestServer.demoPassword).code == 0)
    }
}
