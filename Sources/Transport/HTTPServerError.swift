import System

/// Why a server could not start.
public enum HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// A socket, epoll or thread call failed (a port in use, say).
    case system(SystemCallError)
    /// An event loop's responder could not be made.
    case responder(String)

    public var description: String {
        switch self {
        case .system(let error): error.description
        case .responder(let reason): "cannot start a request handler: \(reason)"
        }
    }
}
