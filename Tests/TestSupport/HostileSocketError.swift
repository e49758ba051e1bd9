import Glibc

/// A system call of `HostileSocket` failed.
public struct HostileSocketError: Error, CustomStringConvertible {
    /// The call, e.g. "connect".
    public let operation: String
    /// Its `errno`.
    public let code: Int32

    /// The call and the system's message for its `errno`.
    public var description: String { "\(operation): \(String(cString: strerror(code)))" }
}
