import Backend
import System

/// A wall clock that stands still until a test moves it, so that token lifetimes, throttle windows
/// and replay windows are tested by advancing time instead of waiting it out.
public final class ManualClock: WallClock {
    private let seconds: LockedValue<Int64>

    /// A clock at `unixSeconds` (by default 2024-03-01 12:00:00 UTC).
    public init(unixSeconds: Int64 = 1_709_294_400) {
        seconds = LockedValue(unixSeconds)
    }

    public func unixSeconds() -> Int64 { seconds.withLock { $0 } }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: Int64) {
        self.seconds.withLock { $0 += seconds }
    }
}
