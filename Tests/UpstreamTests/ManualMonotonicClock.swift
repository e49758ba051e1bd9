import System

/// A monotonic clock that moves only when a test advances it, so that the upstream's timeouts are
/// reached without waiting them out.
final class ManualMonotonicClock: MonotonicClock {
    private let current = LockedValue(Instant(nanoseconds: 1_000_000_000))

    func now() -> Instant { current.withLock { $0 } }

    /// Moves the clock `milliseconds` forward.
    func advance(milliseconds: Int64) {
        current.withLock { $0 = $0.adding(milliseconds: milliseconds) }
    }
}
