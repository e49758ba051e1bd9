import HTTP

/// Answers requests. Each event loop gets its own responder, made on the loop's thread by the
/// server's factory and used only there, so a responder may hold per-thread resources (a database
/// connection, a hasher) without locks.
public protocol HTTPResponder: AnyObject {
    /// The plan for answering `request`, which arrived on `connection`.
    func respond(to request: HTTPRequest, connection: ConnectionInfo) -> ResponsePlan
}
