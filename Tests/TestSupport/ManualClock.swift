import Backend
import System

/// A wall clock that stands still until a test moves it, so that token lifetimes, throttle windows
/// and replay windows are tested by advancing time instead of waiting it out.
public final class ManualClock: WallClock {
    private let milliseconds: LockedValue<Int64>

    /// A clock at `unixSeconds` (by default 2024-03-01 12:00:00 UTC).
    public init(unixSeconds: Int64 = 1_709_294_400) {
        milliseconds = LockedValue(unixSeconds * 1000)
    }

    public func unixMilliseconds() -> Int64 { milliseconds.withLock { $0 } }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: Int64) {
        advance(milliseconds: seconds * 1000)
    }

    /// Moves the clock forward by `milliseconds`.
    public func advance(milliseconds: Int64) {
        self.milliseconds.withLock { $0 += milliseconds }
    }
}
