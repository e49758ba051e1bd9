import Glibc
import JSON
import Synchronization

/// Writes one line per event to standard output, as text or JSON (`--log-format`). Never given a
/// secret, a token or a password: callers pass only what is safe to print.
public final class Logger: Sendable {
    /// The line format.
    public enum Format: String, Sendable, CaseIterable { case text, json }

    private let format: Format
    private let lock = Mutex<Void>(())
    private let sink: @Sendable (String) -> Void

    /// A logger writing `format` lines to standard output, or to `sink` (one call per line, serialized).
    public init(format: Format, sink: (@Sendable (String) -> Void)? = nil) {
        self.format = format
        self.sink = sink ?? { line in
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
        }
    }

    /// Logs `message` with `fields` (kept in order).
    public func log(_ level: String, _ message: String, _ fields: [(String, JSONValue)] = []) {
        let line: String
        switch format {
        case .json:
            let object = JSONObject([("time", .string(Self.timestamp())), ("level", .string(level)), ("msg", .string(message))] + fields)
            line = JSONWriter.serialize(.object(object))
        case .text:
            let rendered = fields.map { key, value in
                if case .string(let text) = value { return "\(key)=\(text)" }
                return "\(key)=\(JSONWriter.serialize(value))"
            }
            line = ([Self.timestamp(), level, message] + rendered).joined(separator: " ")
        }
        lock.withLock { _ in sink(line) }
    }

    /// `2026-11-29T13:25:17.123Z`.
    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        let day = CalendarDay(daysSinceEpoch: Int(seconds / 86_400)).description
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let milliseconds = Int(now.tv_nsec / 1_000_000)
        let fraction = String(repeating: "0", count: 3 - String(milliseconds).count) + String(milliseconds)
        return "\(day)T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(fraction)Z"
    }
}
