import Glibc
import Locking

/// Timestamps for log lines, `2026-11-29T13:25:17.123Z`; the part up to the second is formatted
/// once per second.
final class LogClock: Sendable {
    private let cache = LockedValue<(second: Int, prefix: String)>((-1, ""))

    /// The current UTC time with milliseconds.
    func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let second = now.tv_sec
        let prefix = cache.withLock { cached in
            if cached.second != second { cached = (second, Self.format(second: second)) }
            return cached.prefix
        }
        let milliseconds = Int(now.tv_nsec / 1_000_000)
        let fraction = milliseconds < 10 ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : "\(milliseconds)"
        return prefix + fraction + "Z"
    }

    /// `2026-11-29T13:25:17.`
    private static func format(second: Int) -> String {
        var parts = tm()
        var seconds = second
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = CalendarDay(daysSinceEpoch: Int(second / 86_400)).description
        return "\(day)T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))."
    }
}
