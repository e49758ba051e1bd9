import Foundation

/// Runs blocking `work` (waiting for a child process, reading its pipes) on a new thread and suspends
/// until it is done. Swift's concurrency pool has as many threads as the machine has cores, and
/// synchronous tests run on them too: one that waits for a child there holds a thread that the server
/// under test and the other tests' `eventually` need.
public func onItsOwnThread<Value: Sendable, Failure: Error>(_ work: @escaping @Sendable () throws(Failure) -> Value) async throws(Failure) -> Value {
    let result: Result<Value, Failure> = await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: Result { () throws(Failure) -> Value in try work() }) }.start()
    }
    return try result.get()
}

/// Work started on a new thread at once, whose result `result()` waits for: for a thread of its own
/// that needs several blocking things done at the same time.
final class StartedThread<Value>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Written by the thread before it signals `done`, read only after waiting for it.
    private var value: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        Thread { [self] in
            value = work()
            done.signal()
        }.start()
    }

    /// Waits for the work to finish and returns what it returned.
    @discardableResult
    func result() -> Value {
        done.wait()
        guard let value else { preconditionFailure("the thread signalled before it set its value") }
        return value
    }
}
