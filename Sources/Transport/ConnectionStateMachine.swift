/// The lifecycle of one client connection, without I/O: events come in with the current instant and
/// return the action the connection must take. Deadlines come from an injected clock, so every timeout is
/// testable without sockets.
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
        /// A request is being answered: by the handler, a delay or a slow body; no input timeout applies.
        case responding
        /// The connection is closed; nothing more happens.
        case closed
    }

    /// Why a connection is closed by the server.
    public enum CloseReason: String, Equatable, Sendable {
        case handshakeTimeout = "handshake timeout"
        case requestHeadersTimeout = "request headers timeout"
        case requestBodyTimeout = "request body timeout"
        case idleTimeout = "idle timeout"
        case writeStalled = "peer stopped reading"
        case shutdown = "server shutting down"
    }

    /// What the connection must do after an event.
    public enum Action: Equatable, Sendable {
        /// Nothing.
        case none
        /// Close the connection now.
        case close(CloseReason)
    }

    /// The current state.
    public private(set) var state: State
    /// When a response that the peer is not reading must be abandoned; nil while no output is stuck.
    public private(set) var writeStallDeadline: Instant?
    /// Whether the server is shutting down: the connection closes as soon as it is between requests.
    public private(set) var isDraining = false
    private let timeouts: ConnectionTimeouts

    /// A new connection accepted at `now`, starting its handshake.
    public init(now: Instant, timeouts: ConnectionTimeouts) {
        self.timeouts = timeouts
        state = .handshaking(deadline: now.adding(milliseconds: timeouts.handshakeMilliseconds))
    }

    /// The handshake finished: wait for the first request.
    public mutating func handshakeCompleted(now: Instant) -> Action {
        guard case .handshaking = state else { return .none }
        return becomeIdle(now: now)
    }

    /// Bytes of a request arrived while no request was being answered.
    public mutating func inputArrived(now: Instant, partialRequest: Bool, readingBody: Bool) {
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

    /// A complete request was handed to the responder.
    public mutating func responseStarted() {
        guard state != .closed else { return }
        state = .responding
    }

    /// The response is written out. With `keepAlive`, the connection waits for the next request
    /// (or goes on with the bytes of a pipelined one already buffered); otherwise it closes.
    public mutating func responseFinished(now: Instant, keepAlive: Bool, partialRequest: Bool) -> Action {
        guard state == .responding else { return .none }
        guard keepAlive else {
            state = .closed
            return .none
        }
        if isDraining && !partialRequest { return close(.shutdown) }
        if partialRequest {
            state = .receivingHeaders(deadline: now.adding(milliseconds: timeouts.requestHeadersMilliseconds))
            return .none
        }
        return becomeIdle(now: now)
    }

    /// The socket took none of the pending output (`stuck`), or took some and has room again.
    ///
    /// While output is stuck the server reads nothing, so a request-headers deadline gives way to the
    /// write-stall one, and starts afresh once the peer reads again.
    public mutating func outputProgress(now: Instant, pending: Bool) {
        if !pending {
            if writeStallDeadline != nil, case .receivingHeaders = state {
                state = .receivingHeaders(deadline: now.adding(milliseconds: timeouts.requestHeadersMilliseconds))
            }
            writeStallDeadline = nil
        } else if writeStallDeadline == nil {
            writeStallDeadline = now.adding(milliseconds: timeouts.writeStallMilliseconds)
        }
    }

    /// The server is shutting down: a connection between requests closes now, one in the middle of a
    /// request finishes it (its response says `Connection: close`).
    public mutating func shutdownRequested() -> Action {
        isDraining = true
        switch state {
        case .handshaking, .idle: return close(.shutdown)
        default: return .none
        }
    }

    /// The connection was closed for any reason (peer, error or action).
    public mutating func closed() { state = .closed }

    /// Checks the deadlines at `now`.
    public mutating func tick(now: Instant) -> Action {
        if let writeStallDeadline {
            if now >= writeStallDeadline { return close(.writeStalled) }
            // The server reads nothing while its output is stuck: the next request is not late.
            if case .receivingHeaders = state { return .none }
        }
        switch state {
        case .handshaking(let deadline) where now >= deadline: return close(.handshakeTimeout)
        case .idle(let deadline) where now >= deadline: return close(.idleTimeout)
        case .receivingHeaders(let deadline) where now >= deadline: return close(.requestHeadersTimeout)
        case .receivingBody(_, let bodyDeadline) where now >= bodyDeadline: return close(.requestBodyTimeout)
        case .receivingBody(let deadline, _) where now >= deadline: return close(.idleTimeout)
        default: return .none
        }
    }

    private mutating func becomeIdle(now: Instant) -> Action {
        if isDraining { return close(.shutdown) }
        state = .idle(deadline: now.adding(milliseconds: timeouts.idleMilliseconds))
        return .none
    }

    private mutating func close(_ reason: CloseReason) -> Action {
        state = .closed
        return .close(reason)
    }
}
