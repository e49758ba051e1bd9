import Crypto

extension OpenSSLErrorQueue {
    /// An error of `kind` whose reason is `what` followed by the drained OpenSSL errors.
    static func error(_ kind: CertificateError.Kind, path: String? = nil, _ what: String) -> CertificateError {
        let messages = drain()
        return CertificateError(kind, path: path, reason: messages.isEmpty ? what : what + " (" + messages.joined(separator: "; ") + ")")
    }
}
