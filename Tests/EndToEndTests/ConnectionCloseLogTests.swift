import HTTP
import Testing
import TestSupport

/// The server's console says why it closed a connection, and only when the server chose to.
@Suite struct ConnectionCloseLogTests {
    private static func healthz() -> HTTPRequest {
        HTTPRequest(method: "GET", target: "/healthz", version: .http1_1, headers: HTTPHeaders([(name: "Host", value: "localhost")]), body: [])
    }

    @Test func aShutdownLogsTheIdleConnectionsItClosesButAPeersCloseLogsNothing() throws {
        // One loop: it sees the first client's close before it answers the second client's handshake.
        let server = try TestServer { $0.eventLoops = 1 }
        let leaving = try server.client()
        #expect(try leaving.send(Self.healthz()).status == .ok)
        leaving.close()
        let staying = try server.client()
        #expect(try staying.send(Self.healthz()).status == .ok)
        server.server.shutdown()
        server.server.wait()
        let closes = server.logs.lines.filter { $0.contains("connection closed") }
        #expect(closes.count == 1)
        #expect(closes.first?.contains(#"info connection closed peer=127.0.0.1 listener=main reason="server shutting down""#) == true)
    }
}
