import System
import Testing
@testable import Transport

@Suite struct ConnectionStateMachineTests {
    let start = Instant(nanoseconds: 1_000_000_000)
    let timeouts = ConnectionTimeouts()

    private func at(_ milliseconds: Int64) -> Instant { start.adding(milliseconds: milliseconds) }

    /// The loop's sweep learns whether anything came in since it last asked, over HTTP/1.1 and
    /// HTTP/2 alike: a connection quiet for a whole interval frees its TLS record buffers.
    @Test func theSweepLearnsOfInputSinceItLastAsked() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        _ = machine.handshakeCompleted(now: start)
        var answers = [machine.takeInputSinceLastSweep()]
        machine.inputArrived(now: at(10), partialRequest: true, readingBody: false)
        answers += [machine.takeInputSinceLastSweep(), machine.takeInputSinceLastSweep()]
        machine.framesArrived(now: at(20), acknowledgingPing: false)
        answers += [machine.takeInputSinceLastSweep(), machine.takeInputSinceLastSweep()]
        #expect(answers == [false, true, false, true, false])
    }

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

    // MARK: HTTP/2

    private func http2Machine(timeouts: ConnectionTimeouts = ConnectionTimeouts()) -> ConnectionStateMachine {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        _ = machine.handshakeCompleted(now: start, http2: true)
        return machine
    }

    @Test func anIdleHTTP2ConnectionSaysGoAwayThenLingersAndClosesForTheIdleTimeout() {
        var quiet = ConnectionTimeouts()
        quiet.pingIntervalMilliseconds = 120_000
        var machine = http2Machine(timeouts: quiet)
        machine.framesArrived(now: at(20_000), acknowledgingPing: false)
        // Frames other than a request (SETTINGS, PING, WINDOW_UPDATE) do not renew the idle deadline.
        #expect(machine.tick(now: at(59_999)) == .none)
        #expect(machine.tick(now: at(60_000)) == .goAway(.idleTimeout))
        #expect(machine.state == .closingAfterFlush(reason: .idleTimeout))
        #expect(machine.outputFlushed(now: at(60_001)) == .linger(until: at(62_001)))
        #expect(machine.tick(now: at(62_001)) == .close(.idleTimeout))
    }

    @Test func anHTTP2RequestCutByTheHeaderTimeoutGetsAGoAway() {
        var machine = http2Machine()
        machine.inputArrived(now: at(1_000), partialRequest: true, readingBody: false)
        #expect(machine.tick(now: at(11_000)) == .goAway(.requestHeadersTimeout))
    }

    @Test func aSilentHTTP2PeerIsPingedAndClosedWithGoAwayWhenTheAcknowledgementIsLate() {
        var short = ConnectionTimeouts()
        short.pingIntervalMilliseconds = 1_000
        short.pingTimeoutMilliseconds = 500
        var machine = http2Machine(timeouts: short)
        machine.framesArrived(now: at(200), acknowledgingPing: false)
        #expect(machine.tick(now: at(1_199)) == .none)
        #expect(machine.tick(now: at(1_200)) == .sendPing)
        #expect(machine.tick(now: at(1_300)) == .none, "one PING at a time")
        // Frames that do not acknowledge it do not count: the PING's answer is what is awaited.
        machine.framesArrived(now: at(1_400), acknowledgingPing: false)
        #expect(machine.tick(now: at(1_699)) == .none)
        #expect(machine.tick(now: at(1_700)) == .goAway(.pingTimeout))
        #expect(machine.state == .closingAfterFlush(reason: .pingTimeout))
    }

    @Test func anAcknowledgedPingWaitsForTheNextSilence() {
        var short = ConnectionTimeouts()
        short.pingIntervalMilliseconds = 1_000
        short.pingTimeoutMilliseconds = 500
        var machine = http2Machine(timeouts: short)
        #expect(machine.tick(now: at(1_000)) == .sendPing)
        machine.framesArrived(now: at(1_100), acknowledgingPing: true)
        #expect(machine.tick(now: at(1_600)) == .none, "acknowledged in time")
        #expect(machine.tick(now: at(2_099)) == .none)
        #expect(machine.tick(now: at(2_100)) == .sendPing)
    }

    @Test func thePingTimeoutAlsoEndsAConnectionWhoseAnswerIsLate() {
        var short = ConnectionTimeouts()
        short.pingIntervalMilliseconds = 1_000
        short.pingTimeoutMilliseconds = 500
        var machine = http2Machine(timeouts: short)
        machine.responseStarted()
        machine.answerDeferred()
        #expect(machine.tick(now: at(1_000)) == .sendPing)
        #expect(machine.tick(now: at(1_500)) == .goAway(.pingTimeout), "a vanished peer does not hold a slow answer")
    }

    @Test func anHTTP1ConnectionIsNeverPingedAndItsTimeoutsCloseAtOnce() {
        var machine = idleMachine()
        #expect(machine.tick(now: at(59_999)) == .none, "no PING after 30 s of silence")
        #expect(machine.tick(now: at(60_000)) == .close(.idleTimeout))
    }

    // MARK: The whole lifecycle

    private func idleMachine() -> ConnectionStateMachine {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        _ = machine.handshakeCompleted(now: start)
        return machine
    }

    @Test func aLastResponseIsFlushedThenLingersThenClosesWhenThePeerDoes() {
        var machine = idleMachine()
        machine.responseStarted()
        #expect(machine.responseFinished(now: at(10), keepAlive: false, partialRequest: false) == .none)
        #expect(!machine.canDispatch, "a pipelined request after the last response is not answered")
        #expect(machine.outputFlushed(now: at(20)) == .linger(until: at(2_020)))
        #expect(machine.state == .lingering(reason: .lastResponse, deadline: at(2_020), discardedBytes: 0))
        #expect(machine.lingeringStarted() == .none, "the peer has not closed yet")
        #expect(machine.discarded(bytes: 100) == .none)
        #expect(machine.inputEnded() == .close(.lastResponse))
        #expect(machine.state == .closed(reason: .lastResponse))
    }

    @Test func aLastResponseTheClientAskedForClosesOnceNothingOfItWaitsToBeRead() {
        var machine = idleMachine()
        machine.responseStarted()
        #expect(machine.responseFinished(now: at(10), keepAlive: false, partialRequest: false, peerAskedToClose: true) == .none)
        #expect(machine.outputFlushed(now: at(20)) == .linger(until: at(2_020)))
        #expect(machine.inputDrained() == .close(.lastResponse))
    }

    @Test func aLastResponseTheServerChoseLingersEvenWhenNothingWaitsToBeRead() {
        var refused = idleMachine()
        refused.responseStarted()
        _ = refused.responseFinished(now: at(10), keepAlive: false, partialRequest: false)
        _ = refused.outputFlushed(now: at(20))
        #expect(refused.inputDrained() == .none, "a client whose request was refused may still be sending its body")
        #expect(refused.isLingering)

        var alerted = idleMachine()
        alerted.closeAfterFlush(.tlsFailed)
        _ = alerted.outputFlushed(now: at(0))
        #expect(alerted.inputDrained() == .none)
        #expect(alerted.isLingering)
    }

    @Test func lingeringEndsAtItsDeadline() {
        var machine = idleMachine()
        machine.closeAfterFlush(.tlsFailed)
        #expect(machine.outputFlushed(now: at(0)) == .linger(until: at(2_000)))
        #expect(machine.tick(now: at(1_999)) == .none)
        #expect(machine.tick(now: at(2_000)) == .close(.tlsFailed))
    }

    @Test func aPeerThatResetsWhileTheConnectionLingersEndsItForTheLastResponse() {
        var machine = idleMachine()
        machine.closeAfterFlush(.lastResponse)
        _ = machine.outputFlushed(now: at(0))
        #expect(machine.socketFailed() == .close(.lastResponse))
    }

    @Test func aSocketFailureBeforeTheLastOutputIsASocketFailure() {
        var machine = idleMachine()
        machine.responseStarted()
        #expect(machine.socketFailed() == .close(.socketFailed))
    }

    @Test func lingeringEndsWhenTooManyBytesArrive() {
        var machine = idleMachine()
        machine.closeAfterFlush(.lastResponse)
        _ = machine.outputFlushed(now: at(0))
        #expect(machine.discarded(bytes: ConnectionStateMachine.maxLingerBytes) == .none)
        #expect(machine.discarded(bytes: 1) == .close(.lastResponse))
    }

    @Test func aPeerThatClosedBeforeTheFlushEndsTheLingerAtOnce() {
        var machine = idleMachine()
        machine.closeAfterFlush(.plainHTTP)
        #expect(machine.inputEnded() == .none)
        #expect(machine.outputFlushed(now: at(0)) == .linger(until: at(2_000)))
        #expect(machine.lingeringStarted() == .close(.plainHTTP))
    }

    @Test func closingAfterFlushWaitsForStuckOutputUntilTheWriteStall() {
        var machine = idleMachine()
        machine.responseStarted()
        _ = machine.responseFinished(now: at(0), keepAlive: false, partialRequest: false)
        #expect(machine.outputProgress(now: at(0), pending: true) == .none)
        #expect(machine.isClosingAfterFlush)
        #expect(machine.tick(now: at(60_000)) == .close(.writeStalled))
    }

    @Test func pipelinedRequestsWaitWhileAnAnswerIsLate() {
        var machine = idleMachine()
        machine.responseStarted()
        machine.answerDeferred()
        #expect(machine.state == .answeringLate(thenClose: nil))
        #expect(!machine.canDispatch, "the next pipelined request waits for the late answer")
        machine.inputArrived(now: at(100), partialRequest: true, readingBody: false)
        #expect(machine.tick(now: at(600_000)) == .none, "no input timeout while answering late")
        #expect(machine.inputEnded() == .none)
        #expect(machine.turnFinished(outputPending: false) == .none, "a peer that closed still gets the late answer")
        // The pipelined request, buffered meanwhile, is answered next.
        #expect(machine.responseFinished(now: at(600_000), keepAlive: true, partialRequest: true) == .none)
        #expect(machine.state == .receivingHeaders(deadline: at(610_000)))
        #expect(machine.canDispatch)
        #expect(machine.turnFinished(outputPending: true) == .none)
        #expect(machine.turnFinished(outputPending: false) == .close(.peerClosed))
    }

    @Test func aTLSFailureDuringALateAnswerClosesAfterIt() {
        var machine = idleMachine()
        machine.responseStarted()
        machine.answerDeferred()
        machine.closeAfterFlush(.tlsFailed)
        #expect(machine.state == .answeringLate(thenClose: .tlsFailed))
        #expect(machine.responseFinished(now: at(10), keepAlive: true, partialRequest: false) == .none)
        #expect(machine.state == .closingAfterFlush(reason: .tlsFailed))
    }

    @Test func shutdownWhileRespondingLateClosesAfterTheAnswerForTheShutdown() {
        var machine = idleMachine()
        machine.responseStarted()
        machine.answerDeferred()
        #expect(machine.shutdownRequested() == .none)
        #expect(machine.isDraining)
        #expect(machine.responseFinished(now: at(10), keepAlive: true, partialRequest: false) == .none)
        #expect(machine.outputFlushed(now: at(10)) == .linger(until: at(2_010)))
        #expect(machine.tick(now: at(2_010)) == .close(.shutdown))
    }

    @Test func shutdownLetsABufferedPipelinedRequestFinish() {
        var machine = idleMachine()
        machine.responseStarted()
        _ = machine.shutdownRequested()
        #expect(machine.responseFinished(now: at(10), keepAlive: true, partialRequest: true) == .none)
        #expect(machine.state == .receivingHeaders(deadline: at(10_010)))
        #expect(machine.shutdownRequested() == .none, "a request in progress is not cut")
    }

    @Test func readingPausesWhileOutputBacksUpAndResumesWhenItDrains() {
        var machine = idleMachine()
        #expect(machine.canRead)
        machine.outputBackedUp()
        #expect(!machine.canRead)
        #expect(machine.outputProgress(now: at(0), pending: true) == .none)
        #expect(machine.outputProgress(now: at(5), pending: false) == .resumeReading)
        #expect(machine.canRead)
        #expect(machine.outputProgress(now: at(6), pending: false) == .none, "resumed once")
    }

    @Test func aPeerThatClosesBetweenRequestsIsClosedOnceTheOutputIsOut() {
        var machine = idleMachine()
        #expect(machine.inputEnded() == .none)
        #expect(!machine.canRead)
        #expect(machine.turnFinished(outputPending: true) == .none)
        #expect(machine.turnFinished(outputPending: false) == .close(.peerClosed))
    }

    @Test func aPeerThatClosesMidHandshakeIsClosed() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        #expect(machine.handshakeWantsMoreData() == .none)
        _ = machine.inputEnded()
        #expect(machine.handshakeWantsMoreData() == .close(.peerClosed))
    }

    @Test func aFailedHandshakeLingersAfterItsAlert() {
        var machine = ConnectionStateMachine(now: start, timeouts: timeouts)
        machine.closeAfterFlush(.handshakeFailed)
        #expect(machine.outputFlushed(now: at(50)) == .linger(until: at(2_050)))
        #expect(machine.tick(now: at(2_050)) == .close(.handshakeFailed))
    }

    @Test func closingReportsItsReasonOnceAndThenNothingHappens() {
        for reason in [ConnectionStateMachine.CloseReason.socketFailed, .faultDropped, .faultReset, .shutdown] {
            var machine = idleMachine()
            #expect(machine.close(reason) == .close(reason))
            #expect(machine.state == .closed(reason: reason))
            #expect(machine.close(.socketFailed) == .none)
            #expect(machine.tick(now: at(600_000)) == .none)
            #expect(machine.inputEnded() == .none)
            #expect(machine.turnFinished(outputPending: false) == .none)
            #expect(machine.shutdownRequested() == .none)
            machine.responseStarted()
            #expect(machine.state == .closed(reason: reason))
        }
    }
}
