import Glibc
import HTTP
import HTTP2
import System
import TLS

/// One client connection on one event loop: socket bytes in, TLS, HTTP/1.1 (the parser, in
/// `Connection+HTTP1`) or HTTP/2 (a session, in `Connection+HTTP2`) as ALPN chose, the responder, and
/// the way back out. Only its loop's thread touches it.
final class Connection {
    let socket: Socket
    let tls: TLSConnection
    /// Strong: the loop forgets a connection as it closes, which ends the cycle (an `unowned` reference
    /// would cost a check on every use).
    let loop: EventLoop
    var info: ConnectionInfo
    var parser: HTTPRequestParser
    var machine: ConnectionStateMachine
    /// Ciphertext the socket did not take yet, from `pendingOffset` on.
    var pendingCiphertext: [UInt8] = []
    var pendingOffset = 0
    /// Whether epoll reports this socket's writability (see `watchWritability()`).
    private var watchesWritability = false
    /// Whether close_notify was queued (see `queueCloseNotify()`).
    private var closeNotifyQueued = false
    /// The HTTP/2 session, when the handshake chose `h2`; nil for HTTP/1.1.
    var http2: HTTP2ServerSession?
    /// HTTP/2 streams whose answer a fault holds back (a delay, a slow body).
    var http2LateAnswers = 0
    /// No byte has arrived yet: the first one tells a TLS record from a plain-HTTP request.
    private var awaitingFirstByte = true
    /// Whether the loop holds this connection's output until its turn ends (see `process()`).
    var isFlushQueued = false
    /// The handshake completed this turn: the socket is read again once the turn's output is out
    /// (see `flushTurnOutput()`).
    private var readsAfterFlush = false
    /// Whether the connection keeps its TLS record buffers between reads and writes (see `adjustTLSBuffers(busy:)`).
    private var keepsTLSBuffers = false

    /// Whether the connection is closed.
    var isClosed: Bool { machine.isClosed }

    init(socket: Socket, tls: TLSConnection, loop: EventLoop, info: ConnectionInfo) {
        self.socket = socket
        self.tls = tls
        self.loop = loop
        self.info = info
        parser = HTTPRequestParser(limits: loop.configuration.httpLimits)
        machine = ConnectionStateMachine(now: loop.clock.now(), timeouts: loop.configuration.timeouts)
    }

    /// Reacts to epoll readiness.
    func handle(_ readiness: Readiness) {
        if readiness.contains(.writable) { writePending() }
        let inputEnded = !readiness.isDisjoint(with: [.peerHungUp, .hungUp])
        if !isClosed && (readiness.contains(.readable) || inputEnded || readiness.contains(.error)) {
            readAvailable(untilWouldBlock: inputEnded)
        }
    }

    /// Applies the state machine's timeouts, and keeps or frees the TLS record buffers by what came
    /// in since the last sweep.
    func checkDeadlines(now: Instant) {
        adjustTLSBuffers(busy: machine.takeInputSinceLastSweep())
        let action = machine.tick(now: now)
        if action == .close(.handshakeTimeout) { loop.responder?.handshakeFailed(connection: info, failure: .timedOut) }
        run(action)
    }

    /// A connection the peer sent on since the last sweep keeps its TLS record buffers (while fewer
    /// than `maxConnectionsKeepingTLSBuffers` do), which saves allocating and freeing them around
    /// every read and write; one quiet for a whole sweep interval frees them, so that an idle
    /// connection holds none.
    private func adjustTLSBuffers(busy: Bool) {
        if busy, !keepsTLSBuffers {
            guard loop.tlsBufferKeepers.admit(limit: loop.configuration.maxConnectionsKeepingTLSBuffers) else { return }
            tls.keepRecordBuffers()
            keepsTLSBuffers = true
        } else if !busy, keepsTLSBuffers {
            tls.releaseRecordBuffers()
            stopKeepingTLSBuffers()
        }
    }

    /// Gives the connection's place among those keeping TLS record buffers back, if it has one.
    private func stopKeepingTLSBuffers() {
        guard keepsTLSBuffers else { return }
        keepsTLSBuffers = false
        loop.tlsBufferKeepers.release()
    }

    /// The server began shutting down.
    func shutdownRequested() {
        if let http2, tls.isHandshakeComplete { announceShutdown(to: http2) }
        run(machine.shutdownRequested())
    }

    /// Closes the socket for `reason` and leaves the loop; safe to call more than once.
    func close(_ reason: ConnectionStateMachine.CloseReason) {
        run(machine.close(reason))
    }

    /// Closes with a TCP RST instead of a FIN.
    func reset() {
        socket.prepareReset()
        close(.faultReset)
    }

    /// Carries out what the state machine asked for.
    func run(_ action: ConnectionStateMachine.Action) {
        switch action {
        case .none:
            break
        case .close(let reason):
            let descriptor = socket.descriptor
            socket.close()
            stopKeepingTLSBuffers()  // the buffers themselves go with the TLS session
            // The responder hears of the close before the open-connection count drops: whoever
            // sees the count drop (a test, `/metrics`) then also sees why the connection closed.
            loop.responder?.connectionClosed(connection: info, reason: reason)
            loop.connectionClosed(self, descriptor: descriptor)
        case .linger(let deadline):
            linger(until: deadline)
        case .resumeReading:
            process()
            readAvailable()
        case .sendPing:
            if let http2 { sendKeepAlivePing(over: http2) }
        case .goAway:
            if let http2 { sayGoodbye(over: http2) }
        }
    }

    // MARK: Input

    /// Reads what the socket holds. A short read usually means the socket is drained, which saves
    /// a `read` that would fail with `EAGAIN`; `untilWouldBlock` (the peer hung up) reads on anyway,
    /// because with edge-triggered epoll the end of input that came with the last bytes is
    /// announced only once.
    private func readAvailable(untilWouldBlock: Bool = false) {
        while machine.canRead {
            let result: SystemCallResult<Int>
            do {
                result = try loop.socketReadBuffer.value.withUnsafeMutableBytes { buffer throws(SystemCallError) in
                    try socket.read(into: buffer)
                }
            } catch {
                return run(machine.socketFailed())
            }
            guard case .done(let count) = result else { break }
            if count == 0 {
                run(machine.inputEnded())
                break
            }
            if machine.isLingering {
                run(machine.discarded(bytes: count))
                continue
            }
            if awaitingFirstByte {
                awaitingFirstByte = false
                if Self.beginsPlainHTTP(loop.socketReadBuffer.value[0]) {
                    answerPlainHTTP()
                    continue
                }
            }
            loop.socketReadBuffer.value.withUnsafeBytes { tls.receiveCiphertext(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            if count < loop.socketReadBuffer.value.count && !untilWouldBlock { break }
        }
        process()
    }

    /// Drives the handshake, decrypts what arrived, answers complete requests and writes the output.
    func process() {
        guard !isClosed, !machine.isLingering else { return }
        if !tls.isHandshakeComplete {
            switch tls.handshake() {
            case .complete:
                info.clientSubject = tls.peerCertificateSubject
                info.tlsVersion = tls.negotiatedProtocolVersion
                info.sessionResumed = tls.sessionWasReused
                if tls.negotiatedALPN == "h2" { startHTTP2() }
                loop.responder?.handshakeCompleted(connection: info)
                run(machine.handshakeCompleted(now: loop.clock.now(), http2: http2 != nil))
                if isClosed { return }
                readsAfterFlush = true
            case .wantsMoreData:
                writeOutput()
                run(machine.handshakeWantsMoreData())
                return
            case .failed(let error):
                loop.responder?.handshakeFailed(connection: info, failure: .refused(error))
                closeAfterAlert(.handshakeFailed)
                return
            }
        }
        guard decrypt() else { return }
        if let http2 {
            serveStreams(of: http2)
        } else {
            dispatchRequests()
        }
        // The answers are encrypted now (the plaintext buffer is the loop's) and written when the
        // loop's turn ends, together with the other connections' (see `EventLoop.flushQueuedOutput()`).
        guard encryptOutput() else { return }
        loop.queueFlush(of: self)
    }

    /// Writes what `process()` left for the end of the loop's turn, then lets the state machine
    /// settle (a peer that closed its side is done once nothing is left to write).
    ///
    /// After the handshake, the socket is read again at once: a client sends its first request (or
    /// HTTP/2 preface) right behind its Finished, so it has usually arrived by now, although the read
    /// that brought the Finished ended short without it. Reading now, as nginx does, answers it in
    /// this turn instead of after another wait for epoll: one wake-up less per new connection.
    func flushTurnOutput() {
        guard !isClosed else { return }
        sendOutput()
        run(machine.turnFinished(outputPending: !pendingCiphertext.isEmpty))
        guard readsAfterFlush, !isClosed else { return }
        readsAfterFlush = false
        readAvailable()
    }

    /// Moves every decrypted byte into the parser or the HTTP/2 session; false when the connection had to close.
    private func decrypt() -> Bool {
        loop.withPlaintextBuffer { plaintext in
            while true {
                plaintext.removeAll(keepingCapacity: true)
                switch tls.readPlaintext(into: &plaintext) {
                case .bytesRead:
                    if let http2 {
                        receiveHTTP2(plaintext, into: http2)
                    } else {
                        parser.append(plaintext)
                    }
                    // Reading again would only say it wants more data, unless the session ended with these bytes.
                    if !tls.hasEnded { fallthrough }
                case .wantsMoreData:
                    if http2 == nil {
                        machine.inputArrived(now: loop.clock.now(), partialRequest: parser.hasPartialRequest, readingBody: parser.isReadingBody)
                    }
                    return true
                case .closed:
                    run(machine.inputEnded())
                    return true
                case .failed:
                    closeAfterAlert(.tlsFailed)
                    return false
                }
            }
        }
    }

    /// Whether a connection's first byte starts an HTTP request rather than a TLS record: a method
    /// begins with an uppercase letter, and TLS record types are 20 to 24 (an SSL 2 hello, 0x80 and up).
    private static func beginsPlainHTTP(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Answers a plain-HTTP request on the TLS port in plain HTTP, saying what the port speaks, and
    /// closes like after a last response.
    private func answerPlainHTTP() {
        loop.responder?.handshakeFailed(connection: info, failure: .plainHTTP)
        guard write(Self.plainHTTPAnswer, from: 0) == Self.plainHTTPAnswer.count else { return close(.socketFailed) }
        machine.closeAfterFlush(.plainHTTP)
        outputFlushed()
    }

    private static let plainHTTPAnswer: [UInt8] = {
        let body = "400 Bad Request: this port speaks HTTPS; use https:// instead of http://\n"
        return Array(("HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body).utf8)
    }()

    /// Sends the alert of a failed TLS session, then closes like after a last response: the peer may
    /// have sent more (the rest of its handshake, a request) that an immediate close would answer
    /// with a reset, which many clients report instead of the alert.
    private func closeAfterAlert(_ reason: ConnectionStateMachine.CloseReason) {
        machine.closeAfterFlush(reason)
        writeOutput()
    }

    // MARK: Output

    /// Encrypts the loop's pending plaintext and writes all ciphertext the socket takes.
    func writeOutput() {
        guard encryptOutput() else { return }
        sendOutput()
    }

    /// Encrypts the loop's pending plaintext into the session; false when the connection is closed.
    private func encryptOutput() -> Bool {
        guard !isClosed else { return false }
        if !loop.outgoingPlaintext.value.isEmpty {
            let result = loop.withOutgoingPlaintext { plaintext in
                defer { plaintext.removeAll(keepingCapacity: true) }
                return tls.writePlaintext(plaintext)
            }
            if case .failed = result {
                close(.tlsFailed)
                return false
            }
        }
        // After an HTTP/1.1 connection's last answer, close_notify goes out in the same write.
        if http2 == nil, machine.isClosingAfterFlush { queueCloseNotify() }
        return true
    }

    /// Writes all ciphertext the socket takes, the session's after what earlier turns left.
    private func sendOutput() {
        if pendingCiphertext.isEmpty {
            let drained = loop.withOutgoingCiphertext { ciphertext in
                let written = drainAndWrite(into: &ciphertext)
                if written < ciphertext.count {
                    pendingCiphertext = Array(ciphertext[written...])
                    pendingOffset = 0
                }
                return !ciphertext.isEmpty
            }
            guard drained else { return outputFlushed() }
        } else {
            _ = tls.drainCiphertext(into: &pendingCiphertext)
            writePending()
            return
        }
        outputWritten()
    }

    /// Drains the session's ciphertext into `ciphertext`, emptied first, and writes what the socket
    /// takes of it; returns how many bytes were written.
    private func drainAndWrite(into ciphertext: inout [UInt8]) -> Int {
        ciphertext.removeAll(keepingCapacity: true)
        _ = tls.drainCiphertext(into: &ciphertext)
        return write(ciphertext, from: 0)
    }

    /// Writes ciphertext left over from earlier turns.
    private func writePending() {
        guard !isClosed, !pendingCiphertext.isEmpty else { return }
        pendingOffset += write(pendingCiphertext, from: pendingOffset)
        if pendingOffset >= pendingCiphertext.count {
            pendingCiphertext = []
            pendingOffset = 0
        }
        outputWritten()
    }

    /// Reports the output's progress (which may resume reading) and, once it is all out, its end.
    private func outputWritten() {
        run(machine.outputProgress(now: loop.clock.now(), pending: !pendingCiphertext.isEmpty))
        outputFlushed()
    }

    /// Reports that no output waits, when none does: a connection closing after its last output lingers.
    private func outputFlushed() {
        guard pendingCiphertext.isEmpty, machine.isClosingAfterFlush else { return }
        run(machine.outputFlushed(now: loop.clock.now()))
    }

    /// Queues the session's close_notify (once; nothing before the handshake is complete).
    private func queueCloseNotify() {
        guard !closeNotifyQueued else { return }
        closeNotifyQueued = true
        tls.shutdown()
    }

    /// Writes `bytes[offset...]` until the socket would block; returns how many were written.
    private func write(_ bytes: [UInt8], from offset: Int) -> Int {
        var position = offset
        while position < bytes.count {
            let result: SystemCallResult<Int>
            do {
                result = try bytes.withUnsafeBytes { buffer throws(SystemCallError) in
                    try socket.write(UnsafeRawBufferPointer(rebasing: buffer[position...]))
                }
            } catch {
                run(machine.socketFailed())
                return bytes.count - offset
            }
            guard case .done(let count) = result else {
                watchWritability()
                break
            }
            position += count
        }
        return position - offset
    }

    /// Has the loop report when the socket takes writes again, from the first write that would block
    /// on (the registration is then left as it is).
    private func watchWritability() {
        guard !watchesWritability else { return }
        watchesWritability = true
        do {
            try loop.watchWritability(of: socket.descriptor)
        } catch {
            run(machine.socketFailed())
        }
    }

    /// After the last response of a `Connection: close` exchange, or a TLS alert, is written: close_notify
    /// (when a session is up), shut the write side, and linger until the peer closes, `deadline` passes
    /// or too many bytes arrive.
    private func linger(until deadline: Instant) {
        queueCloseNotify()
        _ = loop.withOutgoingCiphertext { drainAndWrite(into: &$0) }
        if machine.peerAskedToClose, hasNothingUnread() { return run(machine.inputDrained()) }
        guard !isClosed else { return }
        _ = Glibc.shutdown(socket.descriptor, Int32(SHUT_WR))
        // Weak: a connection the peer closes at once is released at once, not when the deadline passes
        // (a new connection per request would otherwise keep two seconds of them, 35 KB each, alive).
        loop.schedule(at: deadline) { [weak self] in
            guard let self else { return }
            checkDeadlines(now: loop.clock.now())
        }
        run(machine.lingeringStarted())
    }

    /// Whether nothing the peer sent waits to be read: no byte in the parser or the TLS session, and
    /// a read of the socket would block. Bytes the read finds are discarded as lingering discards
    /// them; the end of input, or a failure, closes the connection.
    private func hasNothingUnread() -> Bool {
        guard !isClosed, !parser.hasPartialRequest, !tls.hasUnreadInput else { return false }
        let result: SystemCallResult<Int>
        do {
            result = try loop.socketReadBuffer.value.withUnsafeMutableBytes { buffer throws(SystemCallError) in try socket.read(into: buffer) }
        } catch {
            run(machine.socketFailed())
            return false
        }
        switch result {
        case .wouldBlock: return true
        case .done(0): run(machine.inputEnded())
        case .done(let count): run(machine.discarded(bytes: count))
        }
        return false
    }

}
