import Foundation
import System
import Transport

/// A monotonic clock that moves only when a test advances it, so timeouts are reached without waiting.
final class ManualMonotonicClock: MonotonicClock {
    private let current = LockedValue(Instant(nanoseconds: 1_000_000_000))

    func now() -> Instant { current.withLock { $0 } }

    /// Moves the clock `milliseconds` forward.
    func advance(milliseconds: Int64) {
        current.withLock { $0 = $0.adding(milliseconds: milliseconds) }
    }

    /// Moves the clock `milliseconds` forward every 10 ms of real time while `body` runs, from a
    /// thread of its own: for a server that must pass several deadlines in turn (a GOAWAY, then the
    /// lingering close), the clock keeps moving even when a loaded test process seldom resumes the
    /// test's own task.
    func advancing<T>(milliseconds: Int64, during body: () async throws -> T) async rethrows -> T {
        let stop = keepAdvancing(milliseconds: milliseconds)
        defer { stop() }
        return try await body()
    }

    /// Moves the clock `milliseconds` forward every 10 ms of real time, from a thread of its own,
    /// until the function returned is called.
    func keepAdvancing(milliseconds: Int64) -> () -> Void {
        let running = LockedValue(true)
        Thread { [self] in
            while running.withLock({ $0 }) {
                advance(milliseconds: milliseconds)
                Thread.sleep(forTimeInterval: 0.010)
            }
        }.start()
        return { running.withLock { $0 = false } }
    }
}
