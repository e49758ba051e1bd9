import System

/// The lifecycle of one client connection, without I/O: events come in with the current instant and
/// return the action the connection must take. Deadlines come from an injected clock, so every
/// transition and timeout is testable without sockets.
public struct ConnectionStateMachine: Sendable {
    /// Where the connection is in its life.
    public enum State: Equatable, Sendable {
        /// The TLS handshake is under way and must finish before `deadline`.
        case handshaking(deadline: Instant)
        /// Kept alive between requests; the next request must start before `deadline`.
        case idle(deadline: Instant)
        /// Part of a request's head has arrived; the headers must be complete before `deadline`.
        case receivingHeaders(deadline: Instant)
        /// The headers are complete and the body is arriving: it must be complete before `bodyDeadline`,
        /// and each piece renews `deadline`, the idle one.
        case receivingBody(deadline: Instant, bodyDeadline: Instant)
        /// A request is being answered at once by the responder; no input timeout applies.
        case responding
        /// A delayed, dribbled, dropped or reset answer is in progress: later pipelined requests wait
        /// for it and no input timeout applies. `thenClose` is set when the connection must close
        /// after it (a TLS alert went out meanwhile), for that reason.
        case answeringLate(thenClose: CloseReason?)
        /// The last output (a response that said `Connection: close`, a TLS alert, the plain-HTTP
        /// answer) is being written; once it is out the connection lingers, then closes for `reason`.
        case closingAfterFlush(reason: CloseReason)
        /// The write side is shut and input is read and discarded, so that the peer sees the last
        /// response or alert instead of a reset, until the peer closes, `deadline` passes or more than
        /// `maxLingerBytes` arrive; then the connection closes for `reason`.
        case lingering(reason: CloseReason, deadline: Instant, discardedBytes: Int)
        /// The connection is closed, for `reason`; nothing more happens.
        case closed(reason: CloseReason)
    }

    /// Why a connection is closed.
    public enum CloseReason: String, Equatable, Sendable {
        case handshakeTimeout = "handshake timeout"
        case requestHeadersTimeout = "request headers timeout"
        case requestBodyTimeout = "request body timeout"
        case idleTimeout = "idle timeout"
        case writeStalled = "peer stopped reading"
        case shutdown = "server shutting down"
        /// The shutdown grace period ended with the connection still busy.
        case shutdownGraceEnded = "shutdown grace period ended"
        /// The peer closed its side between requests.
        case peerClosed = "peer closed"
        /// The last response said `Connection: close` (the client asked, HTTP/1.0, a refused request).
        case lastResponse = "response said close"
        /// The TLS handshake failed; its alert was sent.
        case handshakeFailed = "tls handshake failed"
        /// The TLS session failed after the handshake; its alert was sent, if any.
        case tlsFailed = "tls session failed"
        /// A plain-HTTP request on the TLS port, answered with a short 400.
        case plainHTTP = "plain http on the tls port"
        /// Reading or writing the socket failed.
        case socketFailed = "socket error"
        /// An injected fault dropped the connection without an answer.
        case faultDropped = "fault: drop"
        /// An injected fault reset the connection.
        case faultReset = "fault: reset"
        /// The peer broke HTTP/2 or one of its limits (a flood, a bad preface); a GOAWAY was sent when possible.
        case http2ProtocolError = "http/2 protocol error"
        /// The HTTP/2 session ended with a GOAWAY: the peer's, or the server's for a limit such as rapid resets.
        case http2SessionEnded = "http/2 session ended"
        /// An HTTP/2 peer did not acknowledge the keep-alive PING in time; a GOAWAY was sent.
        case pingTimeout = "ping not acknowledged"
    }

    /// What the connection must do after an event.
    public enum Action: Equatable, Sendable {
        /// Nothing.
        case none
        /// Close the socket now.
        case close(CloseReason)
        /// Send close_notify; report `inputDrained()` when nothing of the peer waits to be read and it
        /// asked for the close (`peerAskedToClose`); otherwise shut the socket's write side, discard
        /// input, and check the deadlines again at `until`; then report `lingeringStarted()`.
        case linger(until: Instant)
        /// The output that paused reading has gone out: answer buffered requests and read again.
        case resumeReading
        /// HTTP/2: send a keep-alive PING.
        case sendPing
        /// HTTP/2: send a GOAWAY and write the output; the connection then lingers and closes for the reason.
        case goAway(CloseReason)
    }

    /// How long a lingering close waits for the peer to close.
    public static let lingerMilliseconds: Int64 = 2_000
    /// How many bytes a lingering close reads and discards at most before it closes anyway.
    public static let maxLingerBytes = 1 << 20

    /// The current state.
    public private(set) var state: State
    /// When a response that the peer is not reading must be abandoned; nil while no output is stuck.
    public private(set) var writeStallDeadline: Instant?
    /// Whether the server is shutting down: the connection closes as soon as it is between requests.
    public private(set) var isDraining = false
    /// The peer closed its sending side (or TLS sent close_notify).
    public private(set) var hasInputEnded = false
    /// Reading stopped because too much output waits for the peer.
    public private(set) var readingPaused = false
    /// The last response answered a request that asked for the close itself (`Connection: close`,
    /// HTTP/1.0): such a peer sends nothing more, so there is no FIN to linger for once nothing of it
    /// waits to be read (`inputDrained()`).
    public private(set) var peerAskedToClose = false
    private let timeouts: ConnectionTimeouts
    /// Whether the peer sent anything since the loop's last sweep (`takeInputSinceLastSweep()`).
    private var inputSinceLastSweep = false
    /// HTTP/2's keep-alive; nil for HTTP/1.1.
    private var keepAlive: KeepAlive?

    /// When an HTTP/2 peer was last heard from, and when the PING that waits for its acknowledgement left.
    private struct KeepAlive: Sendable {
        var lastHeard: Instant
        var pingSent: Instant?
    }

    /// A new connection accepted at `now`, starting its handshake.
    public init(now: Instant, timeouts: ConnectionTimeouts) {
        self.timeouts = timeouts
        state = .handshaking(deadline: now.adding(milliseconds: timeouts.handshakeMilliseconds))
    }

    // MARK: Queries

    /// Whether the connection is closed.
    public var isClosed: Bool {
        if case .closed = state { return true }
        return false
    }

    /// Whether input is read only to be discarded.
    public var isLingering: Bool {
        if case .lingering = state { return true }
        return false
    }

    /// Whether the connection waits for its output to be written to linger and close.
    public var isClosingAfterFlush: Bool {
        if case .closingAfterFlush = state { return true }
        return false
    }

    /// Whether the socket is to be read: open, not paused, input not ended.
    public var canRead: Bool { !readingPaused && !hasInputEnded && !isClosed }

    /// Whether the next parsed request may be answered now.
    public var canDispatch: Bool {
        switch state {
        case .idle, .receivingHeaders, .receivingBody, .responding: true
        case .handshaking, .answeringLate, .closingAfterFlush, .lingering, .closed: false
        }
    }

    // MARK: Input events

    /// The handshake finished: wait for the first request. Over `http2`, silence brings a keep-alive
    /// PING, and a timeout a GOAWAY before the close.
    public mutating func handshakeCompleted(now: Instant, http2: Bool = false) -> Action {
        guard case .handshaking = state else { return .none }
        if http2 { keepAlive = KeepAlive(lastHeard: now) }
        return becomeIdle(now: now)
    }

    /// HTTP/2 frames arrived at `now`; `acknowledgingPing` when they acknowledged the keep-alive PING.
    public mutating func framesArrived(now: Instant, acknowledgingPing: Bool) {
        inputSinceLastSweep = true
        keepAlive?.lastHeard = now
        if acknowledgingPing { keepAlive?.pingSent = nil }
    }

    /// The handshake needs more bytes from the peer: if the peer has closed, they never come.
    public mutating func handshakeWantsMoreData() -> Action {
        hasInputEnded ? close(.peerClosed) : .none
    }

    /// Bytes of a request arrived while no request was being answered.
    public mutating func inputArrived(now: Instant, partialRequest: Bool, readingBody: Bool) {
        inputSinceLastSweep = true
        let pieceDeadline = now.adding(milliseconds: timeouts.idleMilliseconds)
        switch state {
        case .idle where readingBody, .receivingHeaders where readingBody:
            state = .receivingBody(deadline: pieceDeadline, bodyDeadline: now.adding(milliseconds: timeouts.requestBodyMilliseconds))
        case .idle where partialRequest:
            state = .receivingHeaders(deadline: now.adding(milliseconds: timeouts.requestHeadersMilliseconds))
        case .receivingBody(_, let bodyDeadline) where readingBody:
            state = .receivingBody(deadline: pieceDeadline, bodyDeadline: bodyDeadline)
        default:
            break
        }
    }

    /// The peer closed its sending side. A lingering connection has then done its job and closes.
    public mutating func inputEnded() -> Action {
        hasInputEnded = true
        guard case .lingering(let reason, _, _) = state else { return .none }
        return close(reason)
    }

    /// `bytes` arrived while lingering and were discarded; too many close the connection.
    public mutating func discarded(bytes: Int) -> Action {
        guard case .lingering(let reason, let deadline, let discardedBytes) = state else { return .none }
        let total = discardedBytes + bytes
        if total > Self.maxLingerBytes { return close(reason) }
        state = .lingering(reason: reason, deadline: deadline, discardedBytes: total)
        return .none
    }

    /// What arrived so far is handled and `outputPending` says whether output still waits for the
    /// socket: a peer that closed its side is done once nothing is left to answer or write.
    public mutating func turnFinished(outputPending: Bool) -> Action {
        guard hasInputEnded, !outputPending else { return .none }
        switch state {
        case .answeringLate, .closed: return .none
        default: return close(.peerClosed)
        }
    }

    // MARK: Responses

    /// A complete request was handed to the responder.
    public mutating func responseStarted() {
        guard !isClosed else { return }
        state = .responding
    }

    /// The responder planned a late answer (a delay, a dribble, a drop or a reset): later requests wait.
    public mutating func answerDeferred() {
        guard state == .responding else { return }
        state = .answeringLate(thenClose: nil)
    }

    /// The response is encoded. With `keepAlive`, the connection waits for the next request (or goes
    /// on with the bytes of a pipelined one already buffered); otherwise, or when the server is
    /// shutting down with nothing buffered, it closes once the output is written. `peerAskedToClose`:
    /// the request itself asked for the close (see `inputDrained()`).
    public mutating func responseFinished(now: Instant, keepAlive: Bool, partialRequest: Bool, peerAskedToClose: Bool = false) -> Action {
        switch state {
        case .responding:
            break
        case .answeringLate(let pending?):
            state = .closingAfterFlush(reason: pending)
            return .none
        case .answeringLate(nil):
            break
        default:
            return .none
        }
        if !keepAlive {
            state = .closingAfterFlush(reason: .lastResponse)
            self.peerAskedToClose = peerAskedToClose
        } else if partialRequest {
            state = .receivingHeaders(deadline: now.adding(milliseconds: timeouts.requestHeadersMilliseconds))
        } else if isDraining {
            state = .closingAfterFlush(reason: .shutdown)
        } else {
            state = .idle(deadline: now.adding(milliseconds: timeouts.idleMilliseconds))
        }
        return .none
    }

    /// The connection must close once its output is written (a TLS alert, the plain-HTTP answer), for
    /// `reason`; a late answer in progress is written first.
    public mutating func closeAfterFlush(_ reason: CloseReason) {
        switch state {
        case .handshaking, .idle, .receivingHeaders, .receivingBody, .responding:
            state = .closingAfterFlush(reason: reason)
        case .answeringLate(nil):
            state = .answeringLate(thenClose: reason)
        case .answeringLate, .closingAfterFlush, .lingering, .closed:
            break
        }
    }

    // MARK: Output events

    /// Reading pauses: the output waiting for the peer reached its limit.
    public mutating func outputBackedUp() {
        readingPaused = true
    }

    /// The socket took none of the pending output (`pending`), or took some and has room again.
    ///
    /// While output is stuck the server reads nothing, so a request-headers deadline gives way to the
    /// write-stall one, and starts afresh once the peer reads again.
    public mutating func outputProgress(now: Instant, pending: Bool) -> Action {
        if pending {
            if writeStallDeadline == nil { writeStallDeadline = now.adding(milliseconds: timeouts.writeStallMilliseconds) }
            return .none
        }
        if writeStallDeadline != nil, case .receivingHeaders = state {
            state = .receivingHeaders(deadline: now.adding(milliseconds: timeouts.requestHeadersMilliseconds))
        }
        writeStallDeadline = nil
        guard readingPaused, !isClosed else { return .none }
        readingPaused = false
        return .resumeReading
    }

    /// Every byte of output is written: a connection closing after its last output lingers.
    public mutating func outputFlushed(now: Instant) -> Action {
        guard case .closingAfterFlush(let reason) = state else { return .none }
        let deadline = now.adding(milliseconds: Self.lingerMilliseconds)
        state = .lingering(reason: reason, deadline: deadline, discardedBytes: 0)
        return .linger(until: deadline)
    }

    /// The write side is shut: if the peer has already closed, lingering is over.
    public mutating func lingeringStarted() -> Action {
        guard hasInputEnded, case .lingering(let reason, _, _) = state else { return .none }
        return close(reason)
    }

    /// As lingering begins, nothing the peer sent waits to be read (a read would block and no byte is
    /// buffered). A peer that asked for the close sends nothing more, so the connection closes at
    /// once rather than wait for its FIN, as nginx does: closing with an empty receive queue sends a
    /// FIN behind the answer, not a reset (only what the peer sends later, such as its own
    /// close_notify once it has read the answer and ours, meets a reset). Any other peer (one whose
    /// request was refused, one sent an alert, an HTTP/2 peer after a GOAWAY) may still be sending,
    /// and the linger goes on.
    public mutating func inputDrained() -> Action {
        guard peerAskedToClose, case .lingering(let reason, _, 0) = state else { return .none }
        return close(reason)
    }

    // MARK: Closing

    /// The server is shutting down: a connection between requests closes now, one in the middle of a
    /// request finishes it (its response says `Connection: close`).
    public mutating func shutdownRequested() -> Action {
        isDraining = true
        switch state {
        case .handshaking, .idle: return close(.shutdown)
        default: return .none
        }
    }

    /// Closes for `reason` (an error, a fault, the end of the shutdown grace period), unless closed already.
    public mutating func close(_ reason: CloseReason) -> Action {
        guard !isClosed else { return .none }
        state = .closed(reason: reason)
        return .close(reason)
    }

    /// Reading or writing the socket failed. A connection lingering after its last output ends for
    /// that output's reason (many peers reset instead of closing once they have their answer); any
    /// other ends for `socketFailed`.
    public mutating func socketFailed() -> Action {
        if case .lingering(let reason, _, _) = state { return close(reason) }
        return close(.socketFailed)
    }

    /// Whether the peer sent anything since the last call. The loop's sweep asks once per sweep
    /// interval: a connection that was busy keeps its TLS record buffers, one that was quiet for a
    /// whole interval frees them.
    public mutating func takeInputSinceLastSweep() -> Bool {
        defer { inputSinceLastSweep = false }
        return inputSinceLastSweep
    }

    /// Checks the deadlines at `now`.
    public mutating func tick(now: Instant) -> Action {
        if let writeStallDeadline {
            if now >= writeStallDeadline { return close(.writeStalled) }
            // The server reads nothing while its output is stuck: the next request is not late.
            if case .receivingHeaders = state { return .none }
        }
        switch state {
        case .handshaking(let deadline) where now >= deadline: return close(.handshakeTimeout)
        case .idle(let deadline) where now >= deadline: return timedOut(.idleTimeout)
        case .receivingHeaders(let deadline) where now >= deadline: return timedOut(.requestHeadersTimeout)
        case .receivingBody(_, let bodyDeadline) where now >= bodyDeadline: return timedOut(.requestBodyTimeout)
        case .receivingBody(let deadline, _) where now >= deadline: return timedOut(.idleTimeout)
        case .lingering(let reason, let deadline, _) where now >= deadline: return close(reason)
        case .idle, .receivingHeaders, .receivingBody, .responding, .answeringLate: return keepAliveDue(now: now)
        case .handshaking, .closingAfterFlush, .lingering, .closed: return .none
        }
    }

    /// A timeout ends the connection: over HTTP/2 with a GOAWAY, then a lingering close; otherwise at once.
    private mutating func timedOut(_ reason: CloseReason) -> Action {
        guard keepAlive != nil else { return close(reason) }
        state = .closingAfterFlush(reason: reason)
        return .goAway(reason)
    }

    /// HTTP/2's keep-alive at `now`: a PING after `pingIntervalMilliseconds` of silence, the end once
    /// its acknowledgement is `pingTimeoutMilliseconds` late.
    private mutating func keepAliveDue(now: Instant) -> Action {
        guard let keepAlive else { return .none }
        if let sent = keepAlive.pingSent {
            return now >= sent.adding(milliseconds: timeouts.pingTimeoutMilliseconds) ? timedOut(.pingTimeout) : .none
        }
        guard now >= keepAlive.lastHeard.adding(milliseconds: timeouts.pingIntervalMilliseconds) else { return .none }
        self.keepAlive?.pingSent = now
        return .sendPing
    }

    private mutating func becomeIdle(now: Instant) -> Action {
        if isDraining { return close(.shutdown) }
        state = .idle(deadline: now.adding(milliseconds: timeouts.idleMilliseconds))
        return .none
    }
}
