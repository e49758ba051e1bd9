import Glibc

/// A system call of `HostileSocket` failed.
struct HostileSocketError: Error, CustomStringConvertible {
    /// The call, e.g. "connect".
    let operation: String
    /// Its `errno`.
    let code: Int32

    var description: String { "\(operation): \(String(cString: strerror(code)))" }
}
