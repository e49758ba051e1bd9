import CountersignClient
import TLS

/// Runs `operation` (a connection or a request) and returns the TLS error it failed with, or `nil` when it
/// succeeded. Other failures (a refused connection, a timeout) are rethrown, so that a test expecting a
/// certificate rejection cannot pass because the server was not there.
public func tlsFailure(_ operation: () throws -> Void) throws -> TLSError? {
    do {
        try operation()
        return nil
    } catch ClientError.tls(let error) {
        return error
    }
}
