import COpenSSL

/// The thread-local OpenSSL error queue, for the modules that call OpenSSL: cleared before a call,
/// drained into their own error after a failure.
public enum OpenSSLErrorQueue {
    /// Forgets errors left by earlier calls, so that a failure reports only its own. The queue is
    /// usually empty, and looking costs far less than `ERR_clear_error`, which resets every slot.
    public static func clear() {
        if ERR_peek_error() != 0 { ERR_clear_error() }
    }

    /// Removes every queued error and returns their texts, oldest first.
    public static func drain() -> [String] {
        var messages: [String] = []
        while case let code = ERR_get_error(), code != 0 {
            messages.append(text(of: code))
        }
        return messages
    }

    private static func text(of code: UInt) -> String {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 256) { buffer in
            guard let base = buffer.baseAddress else { return "OpenSSL error \(code)" }
            ERR_error_string_n(code, base, buffer.count)
            return String(cString: base)
        }
    }
}
