import HTTP

/// Answers requests. Each event loop gets its own responder, made on the loop's thread by the
/// server's factory and used only there, so a responder may hold per-thread resources (a database
/// connection, a hasher) without locks.
public protocol HTTPResponder: AnyObject {
    /// The plan for answering `request`, which arrived on `connection`.
    func respond(to request: HTTPRequest, connection: ConnectionInfo) -> ResponsePlan

    /// The answer to a request whose body is larger than the limit, from its head (`head.body` is empty);
    /// nil leaves it to the transport's plain `413 Content Too Large`. The connection closes after it,
    /// without reading the rest of the body.
    func respondToOversizedBody(of head: HTTPRequest, connection: ConnectionInfo) -> HTTPResponse?

    /// A TLS handshake completed on `connection`; its `sessionResumed` tells a resumed session from a
    /// full handshake.
    func handshakeCompleted(connection: ConnectionInfo)

    /// The TLS handshake on `connection` failed, for `failure`.
    func handshakeFailed(connection: ConnectionInfo, failure: HandshakeFailure)

    /// `connection` is closed, for `reason`: by the peer, an error, a timeout, a shutdown or after
    /// its last response.
    func connectionClosed(connection: ConnectionInfo, reason: ConnectionStateMachine.CloseReason)

    /// The loop has handled the events of one `epoll_wait` and the timers then due, and is about to
    /// wait again: what the responder learned of the world outside the process during the turn
    /// (such as another process's writes to a file) may be out of date by the next one.
    func loopTurnEnded()
}

extension HTTPResponder {
    /// Leaves the answer to the transport.
    public func respondToOversizedBody(of head: HTTPRequest, connection: ConnectionInfo) -> HTTPResponse? { nil }

    /// Does nothing: a responder that keeps no statistics ignores handshakes.
    public func handshakeCompleted(connection: ConnectionInfo) {}

    /// Does nothing: a responder that keeps no statistics ignores handshakes.
    public func handshakeFailed(connection: ConnectionInfo, failure: HandshakeFailure) {}

    /// Does nothing: a responder that keeps no statistics ignores closes.
    public func connectionClosed(connection: ConnectionInfo, reason: ConnectionStateMachine.CloseReason) {}

    /// Does nothing: a responder that remembers nothing of the outside world has nothing to forget.
    public func loopTurnEnded() {}
}
