import Crypto

extension OpenSSLErrorQueue {
    /// An error of `kind` carrying the drained queue.
    static func error(_ kind: TLSError.Kind) -> TLSError {
        TLSError(kind, openSSLErrors: drain())
    }
}
