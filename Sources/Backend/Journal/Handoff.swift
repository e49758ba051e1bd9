import Dispatch
import System

/// One value handed from one thread to another: `put` once, `take` blocks until it is there.
final class Handoff<Value: Sendable>: Sendable {
    private let value = LockedValue<Value?>(nil)
    private let ready = DispatchSemaphore(value: 0)

    /// Hands over `newValue` and wakes the taker.
    func put(_ newValue: Value) {
        value.withLock { $0 = newValue }
        ready.signal()
    }

    /// Waits for the value and returns it.
    func take() -> Value {
        while true {
            ready.wait()
            if let taken = value.withLock({ $0 }) { return taken }
        }
    }
}
