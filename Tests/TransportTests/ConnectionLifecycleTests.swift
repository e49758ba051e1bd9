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
        #expect(await eventually { harness.server.openConnections == 0 })
        #expect(harness.closeReasons.withLock { $0 } == [.idleTimeout])
    }

    @Test func aConnectionClosedAfterItsLastResponseReportsIt() async throws {
        let harness = try TransportHarness()
        let client = try harness.client()
        let request = HTTPRequest(method: "GET", target: "/old", version: .http1_0, headers: HTTPHeaders(), body: [])
        #expect(try client.send(request).status == .ok)
        #expect(await eventually { harness.server.openConnections == 0 })
        #expect(harness.closeReasons.withLock { $0 } == [.lastResponse])
    }

    /// A client that asked for the close and sends nothing more is not waited for: the server closes
    /// once its answer is out, although the client keeps its side open and the clock stands still
    /// (a lingering close would wait for the client's FIN until its deadline).
    @Test func aClientThatAskedForTheCloseIsClosedOnceItsAnswerIsOut() async throws {
        let harness = try TransportHarness(clock: ManualMonotonicClock())
        let exchange = try RawExchange(with: harness, sending: [Self.lastRequest])
        defer { exchange.socket.close() }
        #expect(exchange.received.hasPrefix("HTTP/1.1 200 "))
        #expect(await eventually { harness.server.openConnections == 0 })
        #expect(harness.closeReasons.withLock { $0 } == [.lastResponse])
    }

    /// Bytes sent after the request that asked for the close (here a pipelined request) keep the
    /// lingering close: the server shuts its side and waits for the client's, so that no reset
    /// overtakes the answer.
    @Test func bytesBehindTheLastRequestKeepTheLingeringClose() async throws {
        let harness = try TransportHarness(clock: ManualMonotonicClock())
        let exchange = try RawExchange(with: harness, sending: [Self.lastRequest, TransportHarness.get("/pipelined")])
        #expect(exchange.received.hasPrefix("HTTP/1.1 200 "))
        #expect(exchange.session.receivedCloseNotify)
        // The server decided to linger before it shut its side, which ended the session above.
        #expect(harness.server.openConnections == 1)
        exchange.socket.close()
        #expect(await eventually { harness.server.openConnections == 0 })
        #expect(harness.closeReasons.withLock { $0 } == [.lastResponse])
    }

    /// The answer to `Connection: close` is followed by close_notify (queued with the answer, so that
    /// both go out in one write), then the server closes.
    @Test func theLastAnswerIsFollowedByCloseNotify() throws {
        let harness = try TransportHarness()
        let exchange = try RawExchange(with: harness, sending: [Self.lastRequest])
        #expect(exchange.received.hasPrefix("HTTP/1.1 200 "))
        #expect(exchange.session.receivedCloseNotify, "the session ended without close_notify")
        #expect(exchange.socket.serverCloses())
    }

    /// A connection that received something since the last sweep keeps its TLS record buffers; one
    /// quiet for a whole sweep interval frees them. Requests go through either way. One loop: an
    /// answer then also means that the loop's sweep is over.
    @Test func aBusyConnectionKeepsItsTLSBuffersUntilASweepFindsItQuiet() async throws {
        let clock = ManualMonotonicClock()
        let harness = try TransportHarness(clock: clock) {
            $0.eventLoops = 1
            $0.timeouts.idleMilliseconds = 3_600_000  // the clock runs on below: not to an idle close
        }
        let client = try harness.client()
        #expect(try client.send(TransportHarness.get("/first")).status == .ok)
        #expect(harness.server.connectionsKeepingTLSBuffers == 0)
        clock.advance(milliseconds: EventLoop.sweepIntervalMilliseconds)
        #expect(await eventually { harness.server.connectionsKeepingTLSBuffers == 1 })
        #expect(try client.send(TransportHarness.get("/kept")).status == .ok)
        // The next sweep finds the request above, the one after it nothing.
        let released = await clock.advancing(milliseconds: EventLoop.sweepIntervalMilliseconds) {
            await eventually { harness.server.connectionsKeepingTLSBuffers == 0 }
        }
        #expect(released)
        #expect(try client.send(TransportHarness.get("/released")).status == .ok)
        #expect(harness.server.openConnections == 1)
    }

    /// No more connections keep their buffers than `maxConnectionsKeepingTLSBuffers`.
    @Test func theConnectionsKeepingTLSBuffersAreCapped() async throws {
        let clock = ManualMonotonicClock()
        let harness = try TransportHarness(clock: clock) {
            $0.eventLoops = 1
            $0.maxConnectionsKeepingTLSBuffers = 1
        }
        let first = try harness.client(), second = try harness.client()
        #expect(try first.send(TransportHarness.get("/first")).status == .ok)
        #expect(try second.send(TransportHarness.get("/second")).status == .ok)
        clock.advance(milliseconds: EventLoop.sweepIntervalMilliseconds)
        #expect(await eventually { harness.server.connectionsKeepingTLSBuffers == 1 })
        // Answered after the sweep: both connections were swept.
        #expect(try second.send(TransportHarness.get("/after")).status == .ok)
        #expect(harness.server.connectionsKeepingTLSBuffers == 1)
    }

    private static let lastRequest = TransportHarness.get("/last", headers: [("Connection", "close")])

    /// Requests sent in one write over a TLS session of the test's own, and the plaintext that came
    /// back until the server ended the session (close_notify or the end of its input).
    private struct RawExchange {
        let socket: HostileSocket
        let session: HostileTLSSession
        let received: String

        init(with harness: TransportHarness, sending requests: [HTTPRequest]) throws {
            socket = try HostileSocket(port: harness.port)
            session = try HostileTLSSession(over: socket, trustRootsPEMPath: harness.paths.caCertificate)
            var bytes: [UInt8] = []
            for request in requests { HTTPRequestEncoder.encode(request, into: &bytes) }
            session.sendPlaintext(bytes)
            var plaintext: [UInt8] = []
            while let more = session.receivePlaintext(), !more.isEmpty { plaintext += more }
            received = String(decoding: plaintext, as: UTF8.self)
        }
    }
}
