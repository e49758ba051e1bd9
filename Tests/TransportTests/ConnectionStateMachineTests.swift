import Testing
@testable import Transport

@Suite struct ConnectionStateMachineTests {
    let start = Instant(nanoseconds: 1_000_000_000)
    let timeouts = ConnectionTimeouts()

    private func at(_ milliseconds: Int64) -> Instant { start.adding(milliseconds: milliseconds) }

    @Test func handshakeMustFinishWithinItsTimeout() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        #expect(machine.tick(now: at(9_999)) == .none)
        #expect(machine.tick(now: at(10_000)) == .close(.handshakeTimeout))
        #expect(machine.state == .closed(reason: .handshakeTimeout))
    }

    @Test func idleKeepAliveConnectionClosesAfterSixtySeconds() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        #expect(machine.handshakeCompleted(now: at(100)) == .none)
        #expect(machine.tick(now: at(60_099)) == .none)
        #expect(machine.tick(now: at(60_100)) == .close(.idleTimeout))
    }

    @Test func slowlorisHeadersAreCutAtTheHeaderTimeoutDespiteProgress() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        _ = machine.handshakeCompleted(now: start)
        machine.inputArrived(now: at(1_000), partialRequest: true, readingBody: false)
        // More header bytes keep arriving, one every few seconds: the deadline does not move.
        machine.inputArrived(now: at(5_000), partialRequest: true, readingBody: false)
        machine.inputArrived(now: at(9_000), partialRequest: true, readingBody: false)
        #expect(machine.tick(now: at(10_999)) == .none)
        #expect(machine.tick(now: at(11_000)) == .close(.requestHeadersTimeout))
    }

    @Test func bodyProgressRenewsTheIdleDeadline() {
        var longBodies = timeouts
        longBodies.requestBodyMilliseconds = 600_000
        var machine = ConnectionStateMachine(now: start, timeouts: longBodies)
        _ = machine.handshakeCompleted(now: start)
        machine.inputArrived(now: at(0), partialRequest: true, readingBody: false)
        machine.inputArrived(now: at(5_000), partialRequest: true, readingBody: true)
        machine.inputArrived(now: at(50_000), partialRequest: true, readingBody: true)
        #expect(machine.tick(now: at(100_000)) == .none)
        #expect(machine.tick(now: at(110_000)) == .close(.idleTimeout))
    }

    @Test func aBodyTricklingInIsCutAtTheBodyTimeoutDespiteProgress() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        _ = machine.handshakeCompleted(now: start)
        machine.inputArrived(now: at(0), partialRequest: true, readingBody: false)
        machine.inputArrived(now: at(1_000), partialRequest: true, readingBody: true)
        // One byte every 2 seconds: each renews the idle deadline, none the body's.
        for second in stride(from: 3_000, through: 29_000, by: 2_000) {
            machine.inputArrived(now: at(Int64(second)), partialRequest: true, readingBody: true)
            #expect(machine.tick(now: at(Int64(second))) == .none)
        }
        #expect(machine.tick(now: at(30_999)) == .none)
        #expect(machine.tick(now: at(31_000)) == .close(.requestBodyTimeout))
        #expect(machine.state == .closed(reason: .requestBodyTimeout))
    }

    @Test func theBodyTimeoutStartsWhenTheBodyDoesAndIsASetting() {
        var short = timeouts
        short.requestBodyMilliseconds = 2_000
        var machine = ConnectionStateMachine(now: start, timeouts: short)
        _ = machine.handshakeCompleted(now: start)
        // The head and the first body bytes in one read, straight from idle.
        machine.inputArrived(now: at(500), partialRequest: true, readingBody: true)
        #expect(machine.state == .receivingBody(deadline: at(60_500), bodyDeadline: at(2_500)))
        #expect(machine.tick(now: at(2_499)) == .none)
        #expect(machine.tick(now: at(2_500)) == .close(.requestBodyTimeout))
    }

    @Test func theNextRequestsBodyGetsItsOwnBodyTimeout() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        _ = machine.handshakeCompleted(now: start)
        machine.inputArrived(now: at(0), partialRequest: true, readingBody: true)
        machine.responseStarted()
        _ = machine.responseFinished(now: at(25_000), keepAlive: true, partialRequest: false)
        machine.inputArrived(now: at(26_000), partialRequest: true, readingBody: true)
        #expect(machine.tick(now: at(40_000)) == .none)
        #expect(machine.tick(now: at(56_000)) == .close(.requestBodyTimeout))
    }

    @Test func noInputTimeoutWhileAResponseIsInProgress() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        _ = machine.handshakeCompleted(now: start)
        machine.responseStarted()
        #expect(machine.tick(now: at(600_000)) == .none)
        #expect(machine.responseFinished(now: at(600_000), keepAlive: true, partialRequest: false) == .none)
        #expect(machine.state == .idle(deadline: at(660_000)))
    }

    @Test func pipelinedBytesAfterAResponseStartTheHeaderTimeout() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        _ = machine.handshakeCompleted(now: start)
        machine.responseStarted()
        _ = machine.responseFinished(now: at(10), keepAlive: true, partialRequest: true)
        #expect(machine.state == .receivingHeaders(deadline: at(10_010)))
    }

    @Test func closeWhenTheResponseSaysSo() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        _ = machine.handshakeCompleted(now: start)
        machine.responseStarted()
        _ = machine.responseFinished(now: at(10), keepAlive: false, partialRequest: false)
        #expect(machine.state == .closingAfterFlush(reason: .lastResponse))
    }

    @Test func aPeerThatStopsReadingIsDroppedAfterTheWriteStallTimeout() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        _ = machine.handshakeCompleted(now: start)
        machine.responseStarted()
        #expect(machine.outputProgress(now: at(1_000), pending: true) == .none)
        #expect(machine.outputProgress(now: at(30_000), pending: true) == .none)  // still stuck: the deadline stays
        #expect(machine.tick(now: at(60_999)) == .none)
        #expect(machine.tick(now: at(61_000)) == .close(.writeStalled))
    }

    @Test func aRequestWaitingBehindStuckOutputIsNotCutByTheHeaderTimeout() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        _ = machine.handshakeCompleted(now: start)
        machine.responseStarted()
        _ = machine.responseFinished(now: at(0), keepAlive: true, partialRequest: true)
        #expect(machine.outputProgress(now: at(0), pending: true) == .none)
        #expect(machine.tick(now: at(30_000)) == .none, "the server, not the peer, stopped reading")
        #expect(machine.outputProgress(now: at(40_000), pending: false) == .none)
        #expect(machine.state == .receivingHeaders(deadline: at(50_000)), "the header deadline starts afresh")
        #expect(machine.tick(now: at(50_000)) == .close(.requestHeadersTimeout))
    }

    @Test func stuckHandshakeOutputKeepsTheHandshakeTimeout() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        #expect(machine.outputProgress(now: at(0), pending: true) == .none)
        #expect(machine.tick(now: at(10_000)) == .close(.handshakeTimeout))
    }

    @Test func writeProgressClearsTheStall() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        _ = machine.handshakeCompleted(now: start)
        #expect(machine.outputProgress(now: at(1_000), pending: true) == .none)
        #expect(machine.outputProgress(now: at(2_000), pending: false) == .none)
        #expect(machine.writeStallDeadline == nil)
    }

    @Test func shutdownClosesIdleConnectionsAndLetsBusyOnesFinish() {
        var idle = ConnectionStateMachine(now: start, timeouts: timeouts)
        _ = idle.handshakeCompleted(now: start)
        #expect(idle.shutdownRequested() == .close(.shutdown))

        var busy = ConnectionStateMachine(now: start, timeouts: timeouts)
        _ = busy.handshakeCompleted(now: start)
        busy.responseStarted()
        #expect(busy.shutdownRequested() == .none)
        // Its response is written first, then it lingers and closes, for the shutdown.
        #expect(busy.responseFinished(now: at(5), keepAlive: true, partialRequest: false) == .none)
        #expect(busy.state == .closingAfterFlush(reason: .shutdown))
    }

    @Test func shutdownDuringTheHandshakeCloses() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        #expect(machine.shutdownRequested() == .close(.shutdown))
        #expect(machine.handshakeCompleted(now: at(5)) == .none)
        #expect(machine.state == .closed(reason: .shutdown))
    }
}
