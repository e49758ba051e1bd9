import Glibc
import JSON
import System

/// Timestamps for log lines, `2026-11-29T13:25:17.123Z`; the part up to the second is formatted
/// once per second.
final class LogClock: Sendable {
    private let cache = LockedValue<(second: Int, prefix: [UInt8])>((-1, []))

    /// The most bytes `writeTimestamp` writes: a year of up to 11 characters (a 32-bit `tm_year`),
    /// `-MM-DDTHH:MM:SS.mmmZ`, with room to spare.
    static let timestampCapacity = 40

    /// Writes the current UTC time with milliseconds.
    func writeTimestamp(into writer: inout FixedBufferWriter) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let second = now.tv_sec
        let prefix = cache.withLock { cached in
            if cached.second != second { cached = (second, Array(Self.format(second: second).utf8)) }
            return cached.prefix
        }
        prefix.withUnsafeBufferPointer { writer.write($0) }
        let milliseconds = Int(now.tv_nsec / 1_000_000)
        writer.write(UInt8(ascii: "0") + UInt8(milliseconds / 100))
        writer.write(UInt8(ascii: "0") + UInt8(milliseconds / 10 % 10))
        writer.write(UInt8(ascii: "0") + UInt8(milliseconds % 10))
        writer.write(UInt8(ascii: "Z"))
    }

    /// `2026-11-29T13:25:17.`
    private static func format(second: Int) -> String {
        var parts = tm()
        var seconds = second
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = String(Int(parts.tm_year) + 1900)
        return "\(String(repeating: "0", count: max(0, 4 - year.count)))\(year)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
            + "T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))."
    }
}
