import HTTP

/// HTTP/1.1 on a connection: the parsed requests answered in order (pipelined answers batched), the
/// interim 100, the parser's refusals, and the late answers of injected faults.
extension Connection {
    /// Answers the requests the parser completed, in order, while the state machine allows.
    func dispatchRequests() {
        while machine.canDispatch {
            // Answers to pipelined requests are batched into one write, up to the output limit;
            // beyond it they go out now, and reading pauses while the peer does not take them.
            if loop.outgoingPlaintext.value.count >= loop.configuration.maxPendingOutputBytes {
                writeOutput()
                if isClosed { return }
            }
            if pendingCiphertext.count - pendingOffset >= loop.configuration.maxPendingOutputBytes {
                machine.outputBackedUp()
                return
            }
            // Switching on the result itself moves the request out of it instead of copying it.
            switch parser.next() {
            case nil:
                return
            case .continueExpected:
                loop.outgoingPlaintext.value.append(contentsOf: Self.continueInterimResponse)
            case .request(let request):
                machine.responseStarted()
                let keepAlive = request.keepAlive && !machine.isDraining
                guard let plan = loop.responder?.respond(to: request, connection: info) else { return }
                if plan.isImmediate {
                    encode(plan.response, for: request, keepAlive: keepAlive)
                    responseDone(keepAlive: keepAlive, peerAskedToClose: !request.keepAlive)
                } else {
                    writeOutput()
                    machine.answerDeferred()
                    answerLate(plan, for: request, keepAlive: keepAlive)
                }
            case .bodyTooLarge(let head):
                machine.responseStarted()
                let response = loop.responder?.respondToOversizedBody(of: head, connection: info) ?? Self.plainResponse(for: .bodyTooLarge)
                encode(response, for: head, keepAlive: false)
                responseDone(keepAlive: false)
            case .failure(let error):
                machine.responseStarted()
                encode(Self.plainResponse(for: error), version: .http1_1, keepAlive: false)
                responseDone(keepAlive: false)
            }
        }
    }

    /// The short text answer to a request the parser refused.
    static func plainResponse(for error: HTTPParseError) -> HTTPResponse {
        HTTPResponse(
            status: error.status,
            headers: HTTPHeaders([(name: "Content-Type", value: "text/plain; charset=utf-8")]),
            body: Array("\(error.status.code) \(error.status.reasonPhrase)\n".utf8))
    }

    private func encode(_ response: HTTPResponse, for request: HTTPRequest, keepAlive: Bool) {
        encode(response, version: request.version, keepAlive: keepAlive, headOnly: request.method == "HEAD")
    }

    /// Appends `response` to the loop's outgoing plaintext.
    private func encode(_ response: HTTPResponse, version: HTTPVersion, keepAlive: Bool, headOnly: Bool = false) {
        let date = loop.dateCache.value.current()
        loop.withOutgoingPlaintext { output in
            HTTPResponseEncoder.encode(response, version: version, keepAlive: keepAlive, date: date, headOnly: headOnly, into: &output)
        }
    }

    /// `peerAskedToClose`: the request itself asked for the close (see `ConnectionStateMachine.inputDrained()`).
    private func responseDone(keepAlive: Bool, peerAskedToClose: Bool = false) {
        run(machine.responseFinished(now: loop.clock.now(), keepAlive: keepAlive, partialRequest: parser.hasPartialRequest,
                                     peerAskedToClose: peerAskedToClose))
    }

    // MARK: Late answers (injected faults, deferred answers)

    private func answerLate(_ plan: ResponsePlan, for request: HTTPRequest, keepAlive: Bool) {
        let start = { [self] in
            guard !isClosed else { return }
            let keepAlive = keepAlive && !machine.isDraining
            switch plan.delivery {
            case .drop:
                close(.faultDropped)
            case .reset:
                reset()
            case .normal:
                encode(plan.response, for: request, keepAlive: keepAlive)
                finishLateAnswer(keepAlive: keepAlive, peerAskedToClose: !request.keepAlive)
            case .deferred(let answer):
                answer.start(on: loop) { [self] plan in
                    guard !isClosed else { return }
                    answerLate(plan, for: request, keepAlive: keepAlive)
                }
            case .dribble(let milliseconds):
                encode(plan.response, for: request, keepAlive: keepAlive)
                let bytes = loop.outgoingPlaintext.value
                loop.outgoingPlaintext.value.removeAll(keepingCapacity: true)
                dribble(bytes, overMilliseconds: Int64(milliseconds), keepAlive: keepAlive, peerAskedToClose: !request.keepAlive)
            }
        }
        if plan.delayMilliseconds > 0 {
            loop.schedule(afterMilliseconds: Int64(plan.delayMilliseconds), start)
        } else {
            start()
        }
    }

    private func dribble(_ bytes: [UInt8], overMilliseconds total: Int64, keepAlive: Bool, peerAskedToClose: Bool) {
        let schedule = DribbleSchedule(bytes, overMilliseconds: total)
        for (number, piece) in schedule.pieces.enumerated() {
            loop.schedule(afterMilliseconds: schedule.delay(ofPiece: number)) { [self] in
                guard !isClosed else { return }
                loop.outgoingPlaintext.value.append(contentsOf: piece)
                if number == schedule.pieces.count - 1 {
                    finishLateAnswer(keepAlive: keepAlive, peerAskedToClose: peerAskedToClose)
                } else {
                    writeOutput()
                }
            }
        }
    }

    private func finishLateAnswer(keepAlive: Bool, peerAskedToClose: Bool) {
        responseDone(keepAlive: keepAlive, peerAskedToClose: peerAskedToClose)
        writeOutput()
        process()
    }

    private static let continueInterimResponse = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
}
