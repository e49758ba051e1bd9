import COpenSSL

/// Turns the OpenSSL error queue into the reason of a `CertificateError`.
enum OpenSSLFailure {
    /// Forgets errors left by earlier calls.
    static func clear() {
        ERR_clear_error()
    }

    /// An error of `kind` whose reason is `what` followed by the drained OpenSSL errors.
    static func error(_ kind: CertificateError.Kind, path: String? = nil, _ what: String) -> CertificateError {
        var messages: [String] = []
        while case let code = ERR_get_error(), code != 0 {
            messages.append(withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
                guard let base = buffer.baseAddress else { return "OpenSSL error \(code)" }
                ERR_error_string_n(code, base, buffer.count)
                return String(cString: base)
            })
        }
        return CertificateError(kind, path: path, reason: messages.isEmpty ? what : what + " (" + messages.joined(separator: "; ") + ")")
    }
}
