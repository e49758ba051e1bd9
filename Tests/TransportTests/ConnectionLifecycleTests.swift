import HTTP
import Testing
import TestSupport
@testable import Transport

/// The connection lifecycle on the real server, with a manual clock injected into `HTTPServer`: the
/// timeouts are reached by advancing the clock, and the responder hears why each connection closed.
@Suite struct ConnectionLifecycleTests {
    @Test func anIdleConnectionIsClosedWhenTheInjectedClockPassesTheIdleTimeout() async throws {
        let clock = ManualMonotonicClock()
        let harness = try TransportHarness(clock: clock)
        let client = try harness.client()
        #expect(try client.send(TransportHarness.get("/first")).status == .ok)
        #expect(harness.server.openConnections == 1)
        clock.advance(milliseconds: ConnectionTimeouts().idleMilliseconds + 1_000)
        #expect(await eventually(withinMilliseconds: 10_000) { harness.server.openConnections == 0 })
        #expect(harness.closeReasons.withLock { $0 } == [.idleTimeout])
    }

    @Test func aConnectionClosedAfterItsLastResponseReportsIt() async throws {
        let harness = try TransportHarness()
        let client = try harness.client()
        let request = HTTPRequest(method: "GET", target: "/old", version: .http1_0, headers: HTTPHeaders(), body: [])
        #expect(try client.send(request).status == .ok)
        #expect(await eventually(withinMilliseconds: 10_000) { harness.server.openConnections == 0 })
        #expect(harness.closeReasons.withLock { $0 } == [.lastResponse])
    }
}
