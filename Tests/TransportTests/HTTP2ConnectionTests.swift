import CountersignClient
import Foundation
import HTTP
import System
import TLS
import Testing
import TestSupport
@testable import Transport

/// HTTP/2 connections on the real transport, with a manual clock where a timeout is the point: the
/// idle timeout, the keep-alive PING, a graceful shutdown that lets the streams in flight finish.
@Suite struct HTTP2ConnectionTests {
    /// Sends `request` over HTTP/2 from another thread; the status appears in the result once answered.
    private func sendInBackground(_ request: HTTPRequest, to harness: TransportHarness) -> LockedValue<Result<Int, ClientError>?> {
        let answer = LockedValue<Result<Int, ClientError>?>(nil)
        let port = harness.port
        let trust = harness.paths.caCertificate
        Thread {
            // A patient client: on a loaded machine or under a sanitizer, the test's clock decides.
            let result = Result { () throws(ClientError) in
                let client = try HTTP2Client(host: "127.0.0.1", port: port,
                                             tls: TLSClientConfiguration(trustRootsPEMPath: trust, serverName: "localhost"),
                                             timeoutSeconds: 120)
                return try client.send(request).status.code
            }
            answer.withLock { $0 = result }
        }.start()
        return answer
    }

    @Test func anIdleHTTP2ConnectionClosesWhenTheInjectedClockPassesTheIdleTimeout() async throws {
        let clock = ManualMonotonicClock()
        let harness = try TransportHarness(clock: clock)
        let client = try harness.http2Client()
        #expect(try client.send(TransportHarness.get("/first")).status.code == 200)
        #expect(client.negotiatedALPN == "h2")
        clock.advance(milliseconds: ConnectionTimeouts().idleMilliseconds - 1_000)
        #expect(try client.send(TransportHarness.get("/second")).status.code == 200, "the answer renewed the deadline")
        clock.advance(milliseconds: ConnectionTimeouts().idleMilliseconds + 1_000)
        // A GOAWAY, then a lingering close that the clock ends (the client does not read meanwhile).
        #expect(await clock.advancing(milliseconds: 500) {
            await eventually { harness.server.openConnections == 0 }
        })
        #expect(harness.closeReasons.withLock { $0 } == [.idleTimeout])
    }

    @Test func aPeerThatLeavesTheKeepAlivePingUnansweredIsClosedForIt() async throws {
        let clock = ManualMonotonicClock()
        // An idle timeout out of reach, so that only the PING can end the connection.
        let harness = try TransportHarness(clock: clock) { $0.timeouts.idleMilliseconds = 3_600_000 }
        let client = try harness.http2Client()
        #expect(try client.send(TransportHarness.get("/first")).status.code == 200)
        // The client reads nothing until it sends again: the PING after 30 s of silence stays
        // unanswered, 10 s later a GOAWAY goes out, and the lingering close that follows ends too.
        #expect(await clock.advancing(milliseconds: 500) {
            await eventually(withinMilliseconds: 60_000) { harness.server.openConnections == 0 }
        })
        #expect(harness.closeReasons.withLock { $0 } == [.pingTimeout])
    }

    @Test func aStreamHeldByADelayDoesNotIdleOutItsConnection() async throws {
        let clock = ManualMonotonicClock()
        let harness = try TransportHarness(clock: clock) { $0.timeouts.idleMilliseconds = 1_000 }
        let answer = sendInBackground(TransportHarness.get("/long-delay"), to: harness)
        #expect(await eventually { harness.requestsReceived.withLock { $0 } == 1 })
        // The clock runs on, far past the 1 s idle timeout, until the 2 s delay is over wherever the
        // loop set its timer from: the held stream keeps the connection open, so the answer arrives.
        // (Once it has, the connection is idle and may time out before this test looks: that close
        // is right, and no sign of a fault.)
        _ = await clock.advancing(milliseconds: 500) {
            await eventually(withinMilliseconds: 120_000) { answer.withLock { $0 } != nil }
        }
        #expect((try? answer.withLock { $0 }?.get()) == 200,
                "answer \(String(describing: answer.withLock { $0 })), closed \(harness.closeReasons.withLock { $0 })")
    }

    @Test func shutdownSendsGoAwayAndFinishesTheStreamInFlight() async throws {
        // A grace period no test waits out: the connection must close because its last stream is done.
        let harness = try TransportHarness { $0.shutdownGraceMilliseconds = 600_000 }
        let answer = sendInBackground(TransportHarness.get("/long-delay"), to: harness)
        #expect(await eventually { harness.requestsReceived.withLock { $0 } == 1 })
        harness.server.shutdown()
        #expect(await eventually { (try? answer.withLock { $0 }?.get()) == 200 })
        #expect(await eventually { harness.server.openConnections == 0 })
        // The server lingers after its last frames; a client that closes first ends it sooner.
        let reasons = harness.closeReasons.withLock { $0 }
        #expect(reasons == [.shutdown] || reasons == [.peerClosed], "\(reasons)")
    }

    @Test func aStreamStillHeldWhenTheGracePeriodEndsIsClosedForThatReason() async throws {
        let clock = ManualMonotonicClock()
        // 100 ms of grace against the responder's 2 s delay: the clock must pass 1.9 s more before the
        // delay would end, time enough for the loop to begin its shutdown however loaded the machine.
        let harness = try TransportHarness(clock: clock) { $0.shutdownGraceMilliseconds = 100 }
        let answer = sendInBackground(TransportHarness.get("/long-delay"), to: harness)
        #expect(await eventually { harness.requestsReceived.withLock { $0 } == 1 })
        harness.server.shutdown()
        #expect(await clock.advancing(milliseconds: 10) {
            await eventually(withinMilliseconds: 120_000) { harness.server.openConnections == 0 }
        })
        #expect(harness.closeReasons.withLock { $0 } == [.shutdownGraceEnded])
        #expect(await eventually {
            if case .failure = answer.withLock({ $0 }) { true } else { false }
        }, "the stream was closed unanswered: \(String(describing: answer.withLock { $0 }))")
    }

    @Test func aClientOfferingOnlyHTTP1GetsHTTP1() throws {
        let harness = try TransportHarness()
        let client = try harness.client()
        #expect(try client.send(TransportHarness.get("/plain")).status == .ok)
        #expect(client.negotiatedALPN == "http/1.1")
    }
}
