import Certificates
import Glibc
import HTTP
import System
import TLS
import Testing
import TestSupport
import Upstream

/// The upstream client's timeouts and exchange times on an injected clock, against upstreams the
/// test plays on real local sockets: a wait ends when the manual clock passes its deadline, within
/// one poll slice, and not when that much real time has passed.
@Suite struct UpstreamTimeoutTests {
    /// Both timeouts are far beyond every real-time bound below, so a wait that real time ended
    /// instead of the clock fails the test.
    static let connectTimeoutMilliseconds: Int64 = 40_000
    static let answerTimeoutMilliseconds: Int64 = 60_000
    /// How long, with the clock standing still, an exchange must still be waiting.
    static let stillWaitingMilliseconds = 300
    /// The most real time an exchange may take to end once the clock passed its deadline: a poll
    /// slice (100 ms) with room for a loaded machine.
    static let endsWithinMilliseconds = 5_000

    let clock = ManualMonotonicClock()
    let folder = TemporaryDirectory("upstream-timeouts")
    let certificates: CertificatePaths

    init() throws {
        certificates = CertificatePaths(directory: folder.path)
        _ = try DevelopmentPKI.ensure(at: certificates, options: CertificateOptions())
    }

    private var serverTLS: TLSServerConfiguration {
        TLSServerConfiguration(certificateChainPEMPath: certificates.serverCertificate, privateKeyPEMPath: certificates.serverKey)
    }

    /// A one-connection pool to `127.0.0.1:port` on the manual clock, trusting the test's CA.
    private func pool(port: Int) throws -> UpstreamPool {
        let tls = TLSClientConfiguration(trustRootsPEMPath: certificates.caCertificate, serverName: "localhost")
        return try UpstreamPool(configuration: UpstreamConfiguration(
            host: "127.0.0.1", port: port, tls: tls,
            connectTimeoutMilliseconds: Int(Self.connectTimeoutMilliseconds),
            answerTimeoutMilliseconds: Int(Self.answerTimeoutMilliseconds), maxConnections: 1), clock: clock)
    }

    /// Submits a GET to `pool`; the exchange appears in the value the completion sets.
    private func submitGET(to pool: UpstreamPool) -> LockedValue<UpstreamPool.Exchange?> {
        let outcome = LockedValue<UpstreamPool.Exchange?>(nil)
        let request = HTTPRequest(method: "GET", target: "/api/slow", headers: ["Host": "127.0.0.1"])
        #expect(pool.submit(request) { exchange in outcome.withLock { $0 = exchange } })
        return outcome
    }

    /// A GET to the upstream at `port`, checked to time out on the clock once `hasStalled` says it
    /// waits: still unfinished after `stillWaitingMilliseconds` of real time with the clock standing
    /// still; failed with `.timedOut(what)` soon after the clock passes `timeout`, and as long as the
    /// clock says (the connect and the handshake took none of its time).
    private func expectTimeout(port: Int, after timeout: Int64, waitingFor what: String, once hasStalled: () -> Bool) async throws {
        let pool = try pool(port: port)
        defer { pool.shutdown() }
        let outcome = submitGET(to: pool)
        #expect(await eventually(hasStalled), "the exchange never reached its wait")
        try await Task.sleep(for: .milliseconds(Self.stillWaitingMilliseconds))
        #expect(outcome.withLock { $0 == nil }, "the exchange ended before the clock passed its deadline")
        clock.advance(milliseconds: timeout + 1)
        let ended = await eventually(withinMilliseconds: Self.endsWithinMilliseconds) { outcome.withLock { $0 != nil } }
        #expect(ended, "the exchange did not end within \(Self.endsWithinMilliseconds) ms of the clock passing its deadline")
        let exchange = try #require(outcome.withLock { $0 })
        guard case .failure(let failure) = exchange.result else {
            Issue.record("answered: \(exchange.result)")
            return
        }
        #expect(failure == .timedOut(what))
        #expect(exchange.milliseconds == timeout + 1)
    }

    @Test func anAnswerThatNeverComesTimesOutWhenTheClockPassesTheAnswerTimeout() async throws {
        let upstream = PlayedUpstream(.neverAnswers, tls: serverTLS)
        try await expectTimeout(port: upstream.port, after: Self.answerTimeoutMilliseconds, waitingFor: "waiting for the answer") {
            upstream.hasReachedItsStall
        }
    }

    @Test func anExchangeTakesTheTimeOfTheInjectedClock() async throws {
        let upstream = PlayedUpstream(.answers(body: "late", after: 1_234, on: clock), tls: serverTLS)
        let pool = try pool(port: upstream.port)
        defer { pool.shutdown() }
        let outcome = submitGET(to: pool)
        #expect(await eventually { outcome.withLock { $0 != nil } })
        let exchange = try #require(outcome.withLock { $0 })
        let answer = try exchange.result.get()
        #expect(answer.status.code == 200)
        #expect(answer.body == Array("late".utf8))
        #expect(exchange.milliseconds == 1_234)
    }

    @Test func theNextRequestAfterATimeoutIsNotAnsweredWithTheLateAnswer() async throws {
        let released = LockedValue(false)
        let upstream = PlayedUpstream(.answersLateThenFresh(released: released), tls: serverTLS)
        let pool = try pool(port: upstream.port)
        defer { pool.shutdown() }
        let first = submitGET(to: pool)
        #expect(await eventually { upstream.hasReachedItsStall })
        clock.advance(milliseconds: Self.answerTimeoutMilliseconds + 1)
        #expect(await eventually(withinMilliseconds: Self.endsWithinMilliseconds) { first.withLock { $0 != nil } })
        #expect(throws: UpstreamFailure.timedOut("waiting for the answer")) { try first.withLock { $0 }?.result.get() }
        // The upstream answers the timed-out request now; the next request must get its own answer.
        released.withLock { $0 = true }
        let second = submitGET(to: pool)
        #expect(await eventually { second.withLock { $0 != nil } })
        let answer = try #require(try second.withLock { $0 }?.result.get())
        #expect(String(decoding: answer.body, as: UTF8.self) == "fresh")
    }

    @Test func aTLSHandshakeThatNeverAnswersTimesOutWhenTheClockPassesTheConnectTimeout() async throws {
        let upstream = PlayedUpstream(.silent, tls: serverTLS)
        try await expectTimeout(port: upstream.port, after: Self.connectTimeoutMilliseconds,
                                waitingFor: "completing the TLS handshake with 127.0.0.1:\(upstream.port)") {
            upstream.hasReachedItsStall
        }
    }

    /// A listener whose queue of unaccepted connections is full drops a new connection's SYN (and
    /// each retransmission), so the TCP connection cannot complete while the test holds the queue.
    @Test func aTCPConnectionThatCannotCompleteTimesOutWhenTheClockPassesTheConnectTimeout() async throws {
        let listener = LocalListener(backlog: 0)
        let filler = listener.connectFromTest()
        defer { Glibc.close(filler) }
        #expect(await eventually { listener.acceptQueueIsFull })
        try await expectTimeout(port: listener.port, after: Self.connectTimeoutMilliseconds,
                                waitingFor: "connecting to 127.0.0.1:\(listener.port)") {
            listener.hasAConnectionInSYNSent
        }
    }
}
