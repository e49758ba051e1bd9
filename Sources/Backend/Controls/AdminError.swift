import HTTP

/// An admin request that cannot be done: its 4xx status and a message for the caller, answered as
/// `{"error": message}`.
public struct AdminError: Error, Sendable, CustomStringConvertible {
    /// The HTTP status of the answer.
    public let status: HTTPStatus
    /// What is wrong, worded for the person writing the test.
    public let message: String

    /// 400: the request body or query is malformed.
    static func badRequest(_ message: String) -> AdminError { AdminError(status: .badRequest, message: message) }
    /// 404: no such admin endpoint or object.
    static func notFound(_ message: String) -> AdminError { AdminError(status: .notFound, message: message) }
    /// 409: the request conflicts with the server's state or a built-in endpoint.
    static func conflict(_ message: String) -> AdminError { AdminError(status: HTTPStatus(code: 409), message: message) }

    /// 500: the database failed.
    static func `internal`(_ message: String) -> AdminError { AdminError(status: .internalServerError, message: message) }

    public var description: String { message }
}
