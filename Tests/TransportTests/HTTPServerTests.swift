import CountersignClient
import Dispatch
import Glibc
import HTTP
import System
import TLS
import TestSupport
import Testing
@testable import Transport

/// The real server on an ephemeral port, over TLS.
@Suite struct HTTPServerTests {
    @Test func keepAliveServesManyRequestsOnOneConnection() throws {
        let harness = try TransportHarness()
        let client = try harness.client()
        for index in 0..<20 {
            let response = try client.send(TransportHarness.get("/item/\(index)"))
            #expect(response.status == .ok)
            #expect(String(decoding: response.body, as: UTF8.self) == "GET /item/\(index) 0")
        }
        #expect(client.negotiatedALPN == "http/1.1")
        #expect(client.negotiatedProtocolVersion == "TLSv1.3")
    }

    @Test func malformedRequestGets400AndTheServerKeepsServing() throws {
        let harness = try TransportHarness()
        let client = try harness.client()
        try client.connect()
        try client.sendPlaintext(Array("GARBAGE\r\n\r\n".utf8))
        #expect(try client.receiveResponse(for: "GET").status.code == 400)
        #expect(try harness.client().send(TransportHarness.get("/after")).status == .ok)
    }

    @Test func expectContinueGetsAnInterimResponseThenTheAnswer() throws {
        let harness = try TransportHarness()
        let client = try harness.client()
        try client.connect()
        try client.sendPlaintext(Array("POST /up HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n".utf8))
        // The body comes apart from the head, as from a client that waited for the 100. The pause
        // blocks rather than suspends: a suspended test can resume seconds late on a busy machine,
        // after the server's timeout for the body.
        usleep(100_000)
        try client.sendPlaintext(Array("hello".utf8))
        let response = try client.receiveResponse(for: "POST")
        #expect(String(decoding: response.body, as: UTF8.self) == "POST /up 5")
    }

    @Test func http10ClosesAfterTheResponse() throws {
        let harness = try TransportHarness()
        let client = try harness.client()
        let request = HTTPRequest(method: "GET", target: "/old", version: .http1_0, headers: HTTPHeaders(), body: [])
        let response = try client.send(request)
        #expect(response.status == .ok)
        #expect(!client.isConnected)
    }

    @Test func aDeferredAnswerIsFinishedOnTheLoopAndTheConnectionGoesOn() throws {
        let harness = try TransportHarness()
        let client = try harness.client()
        let deferred = try client.send(TransportHarness.get("/deferred"))
        let text = String(decoding: deferred.body, as: UTF8.self)
        #expect(text.hasPrefix("worked out for /deferred, finished on cs-loop-"))
        let slow = try client.send(TransportHarness.get("/deferred-slow"))
        #expect(String(decoding: slow.body, as: UTF8.self).hasPrefix("worked out for /deferred-slow"))
        #expect(try client.send(TransportHarness.get("/after")).body == Array("GET /after 0".utf8))
        #expect(client.isConnected)
        #expect(harness.requestsReceived.withLock { $0 } == 3)
    }

    @Test func delayedDroppedResetAndSlowResponses() throws {
        let harness = try TransportHarness()
        let clock = SystemMonotonicClock()
        var started = clock.now()
        #expect(try harness.client().send(TransportHarness.get("/delay")).status == .ok)
        #expect(clock.now().milliseconds(since: started) >= 300)

        started = clock.now()
        #expect(try harness.client().send(TransportHarness.get("/slow")).status == .ok)
        #expect(clock.now().milliseconds(since: started) >= 380)

        #expect(throws: ClientError.self) { try harness.client().send(TransportHarness.get("/drop")) }
        #expect(throws: ClientError.self) { try harness.client().send(TransportHarness.get("/reset")) }
        #expect(try harness.client().send(TransportHarness.get("/still-fine")).status == .ok)
    }

    @Test func aSecondServerCannotTakeTheSamePort() throws {
        let harness = try TransportHarness()
        let context = try TLSContext.server(TLSServerConfiguration(certificateChainPEMPath: harness.paths.serverCertificate,
                                                                   privateKeyPEMPath: harness.paths.serverKey))
        let intruder = HTTPServer(configuration: TransportConfiguration(eventLoops: 1),
                                  listeners: [ListenerConfiguration(name: "main", host: "127.0.0.1", port: harness.port,
                                                                    tls: TLSContextBox(context))]) { _ in EchoResponder(counting: LockedValue(0)) }
        #expect(throws: HTTPServerError.self) { _ = try intruder.start() }
        #expect(try harness.client().send(TransportHarness.get("/mine")).status == .ok)
    }

    @Test func theAnswersOfOneLoopTurnLeaveTogetherAfterItsLastRequest() throws {
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let probed = DispatchSemaphore(value: 0)
        let watched = LockedValue<[Int32]>([])
        // For each probe, when it was answered: whether an answer waited on a watched socket.
        let answerWaitedAtProbe = LockedValue<[Bool]>([])
        let harness = try TransportHarness({ $0.eventLoops = 1 }, observe: { request in
            switch request.path {
            case "/hold":
                holding.signal()
                _ = release.wait(timeout: .now() + .seconds(Patience.seconds))
            case "/probe":
                let sockets = watched.withLock { $0 }
                let probes = answerWaitedAtProbe.withLock { probes in
                    probes.append(sockets.contains(where: Self.hasInputWaiting))
                    return probes.count
                }
                if probes == 2 { probed.signal() }
            default:
                break
            }
        })
        let holder = try harness.client(), first = try harness.client(), second = try harness.client()
        // A first exchange each, which also reads the session tickets sent after the handshake.
        for client in [holder, first, second] {
            #expect(try client.send(TransportHarness.get("/warm-up")).status == .ok)
        }
        watched.withLock { $0 = [first, second].compactMap(\.socketDescriptor) }
        // While the loop answers /hold, both probes arrive: its next turn has them both.
        try holder.sendPlaintext(Self.encoded(TransportHarness.get("/hold")))
        #expect(holding.wait(timeout: .now() + .seconds(Patience.seconds)) == .success)
        try first.sendPlaintext(Self.encoded(TransportHarness.get("/probe")))
        try second.sendPlaintext(Self.encoded(TransportHarness.get("/probe")))
        release.signal()
        // No answer is read before both probes are answered: a read would empty the socket watched.
        #expect(probed.wait(timeout: .now() + .seconds(Patience.seconds)) == .success)
        for client in [holder, first, second] {
            #expect(try client.receiveResponse(for: "GET").status == .ok)
        }
        // The second probe was answered before the first probe's answer was written.
        #expect(answerWaitedAtProbe.withLock { $0 } == [false, false])
    }

    @Test func aShutdownInTheTurnOfAnAnswerLetsTheAnswerOutFirst() throws {
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let harness = try TransportHarness({ $0.eventLoops = 1 }, observe: { request in
            guard request.path == "/hold" else { return }
            holding.signal()
            _ = release.wait(timeout: .now() + .seconds(Patience.seconds))
        })
        let holder = try harness.client(), client = try harness.client()
        for each in [holder, client] {
            #expect(try each.send(TransportHarness.get("/warm-up")).status == .ok)
        }
        try holder.sendPlaintext(Self.encoded(TransportHarness.get("/hold")))
        #expect(holding.wait(timeout: .now() + .seconds(Patience.seconds)) == .success)
        // While the loop answers /hold, a request and then the shutdown arrive: its next turn answers
        // the request, then begins the shutdown, which closes the connection as idle.
        try client.sendPlaintext(Self.encoded(TransportHarness.get("/last")))
        harness.server.shutdown()
        release.signal()
        #expect(try holder.receiveResponse(for: "GET").status == .ok)
        let last = try client.receiveResponse(for: "GET")
        #expect(String(decoding: last.body, as: UTF8.self) == "GET /last 0")
        harness.server.wait()
    }

    private static func encoded(_ request: HTTPRequest) -> [UInt8] {
        var bytes: [UInt8] = []
        HTTPRequestEncoder.encode(request, into: &bytes)
        return bytes
    }

    /// Whether bytes wait to be read on `descriptor`, without waiting for any.
    private static func hasInputWaiting(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLIN) != 0
    }

    @Test func gracefulShutdownFinishesTheRequestInFlight() throws {
        let harness = try TransportHarness()
        let client = try harness.client()
        try client.connect()
        try client.sendPlaintext(Self.encoded(TransportHarness.get("/long-delay")))
        // Once the server has the request (its answer then waits 2 s), not after a guessed sleep. The
        // wait blocks rather than suspends: a suspended test can resume late on a busy machine, after
        // the answer has gone.
        let deadline = ContinuousClock.now + .seconds(10)
        while harness.requestsReceived.withLock({ $0 }) == 0 && ContinuousClock.now < deadline { usleep(1_000) }
        #expect(harness.requestsReceived.withLock { $0 } == 1)
        harness.server.shutdown()
        let response = try client.receiveResponse(for: "GET")
        #expect(response.status == .ok)
        #expect(response.headers["Connection"] == "close")
        harness.server.wait()
        #expect(harness.server.openConnections == 0)
    }
}
