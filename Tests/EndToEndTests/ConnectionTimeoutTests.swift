import CountersignClient
import CountersignServer
import Glibc
import Testing
import TestSupport

/// The connection timeouts are settings: an app team shortens the idle one to see how its client
/// copes with a kept-alive connection the server has closed.
@Suite struct ConnectionTimeoutTests {
    @Test func theIdleTimeoutClosesAKeptAliveConnection() async throws {
        let server = try TestServer { $0.timeouts.idleMilliseconds = 1_000 }
        let client = try server.client()
        #expect(try server.signedCall("GET", "/api/v1/ping", client: client).code == 0)
        // Still open well before the timeout: a second request on the same connection is answered.
        #expect(try server.signedCall("GET", "/api/v1/ping", client: client).code == 0)
        let clock = ContinuousClock()
        let answered = clock.now
        // The server closes it (its side leaves the kernel's table) once the second has passed: polled
        // with a generous ceiling, since a loaded machine runs the server's timers late, never early.
        #expect(await eventually { ServerSockets.openConnections(onPort: server.port) == 0 })
        #expect(clock.now - answered >= .milliseconds(1_000), "closed before the idle timeout")
        // The next read ends at the server's close (not at the client's timeout), and a new connection works.
        let ended = #expect(throws: ClientError.self) { try client.receiveResponse(for: "GET") }
        if case .timedOut? = ended { Issue.record("the connection was still open") }
        #expect(try server.signedCall("GET", "/api/v1/ping").code == 0)
    }

    @Test func theTimeoutsAreShownInTheConfig() throws {
        let server = try TestServer { $0.timeouts.idleMilliseconds = 90_000 }
        let config = try #require(try AdminClient(server).call("GET", "/__admin/config").json)
        #expect(config["idle_timeout"] == "90s")
        #expect(config["header_timeout"] == "10s")
        #expect(config["body_timeout"] == "30s")
        #expect(config["write_stall_timeout"] == "1m")
        #expect(config["http2_ping_interval"] == "30s")
        #expect(config["http2_ping_timeout"] == "10s")
    }
}
