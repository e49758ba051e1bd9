import Glibc

/// The time of day, in Unix milliseconds; injected so that tests can move it.
public protocol WallClock: Sendable {
    /// Milliseconds since 1970-01-01 UTC.
    func unixMilliseconds() -> Int64
}

extension WallClock {
    /// Whole seconds since 1970-01-01 UTC.
    public func unixSeconds() -> Int64 { unixMilliseconds() / 1000 }
}

/// The system's real-time clock.
public struct SystemWallClock: WallClock {
    /// The system clock.
    public init() {}

    public func unixMilliseconds() -> Int64 {
        var now = timespec()
        // CLOCK_REALTIME always exists; should the call fail all the same, the second is still right.
        guard clock_gettime(CLOCK_REALTIME, &now) == 0 else { return Int64(time(nil)) * 1000 }
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
