import HTTP
import HTTP2

/// HTTP/2 on a connection whose handshake chose `h2` by ALPN: the same TLS session and loop, an
/// `HTTP2ServerSession` for the frames, every stream answered by the same responder. The state
/// machine sees the connection as HTTP/1.1 would: idle between answers (its idle timeout applies),
/// receiving while a stream's request is incomplete, answering late while a fault holds a stream;
/// besides, it sends a keep-alive PING after a silence, and a GOAWAY before a timeout closes.
extension Connection {
    /// Starts the session once ALPN chose `h2`; its SETTINGS leave with the next output.
    func startHTTP2() {
        do {
            http2 = try HTTP2ServerSession(settings: loop.configuration.http2)
        } catch {
            closeAfterFlush(.http2ProtocolError)
        }
    }

    /// Feeds decrypted bytes to the session; a session that cannot go on sends what it queued (a GOAWAY) and closes.
    func receiveHTTP2(_ plaintext: [UInt8], into session: HTTP2ServerSession) {
        let now = loop.clock.now()
        do {
            try session.receive(plaintext, now: now)
        } catch {
            closeAfterFlush(.http2ProtocolError)
        }
        machine.framesArrived(now: now, acknowledgingPing: session.takePingAcknowledgement())
    }

    /// The peer has been silent for the keep-alive interval: a PING, whose acknowledgement the state machine awaits.
    func sendKeepAlivePing(over session: HTTP2ServerSession) {
        session.ping()
        drainFrames(of: session)
        writeOutput()
    }

    /// Ends the session at once (a timeout, a drop fault): its GOAWAY goes out and no stream finishes.
    func sayGoodbye(over session: HTTP2ServerSession) {
        session.terminate()
        drainFrames(of: session)
        writeOutput()
    }

    /// Answers the streams the input completed, queues the frames and brings the state machine along.
    func serveStreams(of session: HTTP2ServerSession) {
        guard !machine.isClosingAfterFlush else { return drainFrames(of: session) }
        for event in session.takeEvents() {
            switch event {
            case .request(let stream, let request):
                answer(request, on: stream, of: session)
            case .refused(let stream, let head, let error):
                machine.responseStarted()
                let response = error == .bodyTooLarge ? loop.responder?.respondToOversizedBody(of: head, connection: info) : nil
                session.respond(on: stream, with: response ?? Self.plainResponse(for: error), date: loop.dateCache.value.current())
            }
        }
        drainFrames(of: session)
        settleStateMachine(for: session)
    }

    /// The server is shutting down: GOAWAY now, the streams in flight finish, then the connection closes.
    func announceShutdown(to session: HTTP2ServerSession) {
        session.goAway()
        drainFrames(of: session)
        writeOutput()
    }

    private func closeAfterFlush(_ reason: ConnectionStateMachine.CloseReason) {
        machine.closeAfterFlush(reason)
    }

    private func answer(_ request: HTTPRequest, on stream: Int32, of session: HTTP2ServerSession) {
        machine.responseStarted()
        guard let plan = loop.responder?.respond(to: request, connection: info) else { return }
        let headOnly = request.method == "HEAD"
        guard !plan.isImmediate else {
            return session.respond(on: stream, with: plan.response, date: loop.dateCache.value.current(), headOnly: headOnly)
        }
        http2LateAnswers += 1
        answerLate(plan, on: stream, of: session, headOnly: headOnly)
    }

    /// A plan that is not immediate: it holds only its stream; the others go on meanwhile.
    private func answerLate(_ plan: ResponsePlan, on stream: Int32, of session: HTTP2ServerSession, headOnly: Bool) {
        let start = { [self] in
            guard !isClosed else { return }
            switch plan.delivery {
            case .drop:
                sayGoodbye(over: session)
                return close(.faultDropped)
            case .reset:
                session.reset(stream: stream)
            case .normal:
                session.respond(on: stream, with: plan.response, date: loop.dateCache.value.current(), headOnly: headOnly)
            case .deferred(let answer):
                return answer.start(on: loop) { [self] plan in
                    guard !isClosed else { return }
                    answerLate(plan, on: stream, of: session, headOnly: headOnly)
                }
            case .dribble(let milliseconds):
                return dribble(plan.response, on: stream, of: session, overMilliseconds: Int64(milliseconds), headOnly: headOnly)
            }
            finishLateAnswer(of: session)
        }
        if plan.delayMilliseconds > 0 {
            loop.schedule(afterMilliseconds: Int64(plan.delayMilliseconds), start)
        } else {
            start()
        }
    }

    /// The head at once, then the body in DATA frames spread over `total` milliseconds.
    private func dribble(_ response: HTTPResponse, on stream: Int32, of session: HTTP2ServerSession,
                         overMilliseconds total: Int64, headOnly: Bool) {
        let schedule = DribbleSchedule(headOnly ? [] : response.body, overMilliseconds: total)
        var head = response
        head.body = []
        // The length announced is the whole body's.
        head.headers.replaceOrAdd(name: "content-length", value: String(response.body.count))
        session.respond(on: stream, with: head, date: loop.dateCache.value.current(), headOnly: headOnly,
                        bodyComplete: schedule.pieces.isEmpty)
        guard !schedule.pieces.isEmpty else { return finishLateAnswer(of: session) }
        drainFrames(of: session)
        writeOutput()
        for (number, piece) in schedule.pieces.enumerated() {
            loop.schedule(afterMilliseconds: schedule.delay(ofPiece: number)) { [self] in
                guard !isClosed else { return }
                let last = number == schedule.pieces.count - 1
                session.appendBody(piece, on: stream, final: last)
                if last {
                    finishLateAnswer(of: session)
                } else {
                    drainFrames(of: session)
                    writeOutput()
                }
            }
        }
    }

    private func finishLateAnswer(of session: HTTP2ServerSession) {
        http2LateAnswers -= 1
        process()
    }

    /// Moves the frames ready to leave into the loop's outgoing plaintext, up to the output limit;
    /// past it, reading pauses until the peer takes the output.
    private func drainFrames(of session: HTTP2ServerSession) {
        let limit = loop.configuration.maxPendingOutputBytes
        let drained = loop.withOutgoingPlaintext { output -> Int? in
            do {
                try session.drainOutput(into: &output, limit: limit)
                return output.count
            } catch {
                return nil
            }
        }
        guard let pending = drained else { return closeAfterFlush(.http2ProtocolError) }
        if pending >= limit || pendingCiphertext.count - pendingOffset >= limit { machine.outputBackedUp() }
    }

    /// Tells the state machine where the connection stands: answering late while a fault holds a stream,
    /// receiving while a request is incomplete, otherwise idle (so a peer holding streams it never reads
    /// times out); once the session has ended, the connection closes after its last frames.
    private func settleStateMachine(for session: HTTP2ServerSession) {
        let now = loop.clock.now()
        let receiving = session.hasIncompleteRequests
        if http2LateAnswers > 0 {
            if case .answeringLate = machine.state { return }
            machine.responseStarted()
            machine.answerDeferred()
            return
        }
        switch machine.state {
        case .responding, .answeringLate:
            run(machine.responseFinished(now: now, keepAlive: true, partialRequest: receiving))
        case .receivingHeaders where !receiving:
            machine.responseStarted()
            run(machine.responseFinished(now: now, keepAlive: true, partialRequest: false))
        default:
            machine.inputArrived(now: now, partialRequest: receiving, readingBody: false)
        }
        // Checked last: a late answer that was the last stream has just let the machine leave `answeringLate`.
        if session.isFinished { closeAfterFlush(machine.isDraining ? .shutdown : .http2SessionEnded) }
    }
}
