import Glibc

/// A point on a monotonic clock, in nanoseconds.
public struct Instant: Comparable, Hashable, Sendable {
    /// Nanoseconds since an arbitrary fixed origin.
    public var nanoseconds: Int64

    /// An instant at `nanoseconds` after the clock's origin.
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// This instant moved by `milliseconds`.
    public func adding(milliseconds: Int64) -> Instant {
        Instant(nanoseconds: nanoseconds + milliseconds * 1_000_000)
    }

    /// Whole milliseconds from `earlier` to this instant.
    public func milliseconds(since earlier: Instant) -> Int64 {
        (nanoseconds - earlier.nanoseconds) / 1_000_000
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
}

/// A source of monotonic time, injected so that timeouts can be tested without waiting.
public protocol MonotonicClock: Sendable {
    /// The current instant.
    func now() -> Instant
}

/// The system's monotonic clock (`CLOCK_MONOTONIC`).
public struct SystemMonotonicClock: MonotonicClock {
    /// The system clock.
    public init() {}

    public func now() -> Instant {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Instant(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }
}
