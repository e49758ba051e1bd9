import Glibc

/// Output helpers for commands.
enum Console {
    /// Writes `message` and a newline to standard error.
    static func error(_ message: String) {
        let bytes = Array("countersign: \(message)\n".utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
