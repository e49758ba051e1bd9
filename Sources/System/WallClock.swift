import Glibc

/// The time of day, in Unix seconds; injected so that tests can move it.
public protocol WallClock: Sendable {
    /// Seconds since 1970-01-01 UTC.
    func unixSeconds() -> Int64
}

/// The system's real-time clock.
public struct SystemWallClock: WallClock {
    /// The system clock.
    public init() {}

    public func unixSeconds() -> Int64 { Int64(time(nil)) }
}
