import Glibc

/// The outcome of a non-blocking system call.
public enum SystemCallResult<Value> {
    /// The call completed with this value.
    case done(Value)
    /// The call would have blocked (`EAGAIN` / `EWOULDBLOCK`).
    case wouldBlock
}

/// Runs a system call that returns -1 and sets `errno` on failure: retries `EINTR`, maps
/// `EAGAIN` to `.wouldBlock` and throws every other failure as a `SystemCallError`.
@inlinable
public func systemCall<Value: FixedWidthInteger>(_ name: String, _ body: () -> Value) throws(SystemCallError) -> SystemCallResult<Value> {
    while true {
        let result = body()
        if result != -1 { return .done(result) }
        switch errno {
        case EINTR: continue
        case EAGAIN, EWOULDBLOCK: return .wouldBlock
        case let number: throw SystemCallError(call: name, errorNumber: number)
        }
    }
}

/// Runs a blocking system call: retries `EINTR` and throws every failure.
@inlinable
@discardableResult
public func blockingSystemCall<Value: FixedWidthInteger>(_ name: String, _ body: () -> Value) throws(SystemCallError) -> Value {
    while true {
        let result = body()
        if result != -1 { return result }
        if errno == EINTR { continue }
        throw SystemCallError(call: name, errorNumber: errno)
    }
}
