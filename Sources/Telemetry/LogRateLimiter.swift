import System

/// Lets at most `linesPerSecond` lines of one kind through in each second; the lines over it are
/// counted, and the next line let through says how many were suppressed. Driven by the instants it is
/// given, so a test steps it with a manual clock.
public struct LogRateLimiter: Sendable {
    /// Handshake-failure lines each event loop writes per second at most.
    public static let defaultLinesPerSecond = 10

    /// The lines let through per second.
    public let linesPerSecond: Int
    private var windowStart: Instant?
    private var linesInWindow = 0
    private var suppressed = 0

    /// A limiter of `linesPerSecond`.
    public init(linesPerSecond: Int = Self.defaultLinesPerSecond) {
        self.linesPerSecond = linesPerSecond
    }

    /// Whether a line may be written at `now`: nil when it is suppressed, otherwise how many lines
    /// were suppressed since the last one written.
    public mutating func admit(now: Instant) -> Int? {
        if windowStart.map({ now.milliseconds(since: $0) >= 1_000 }) ?? true {
            windowStart = now
            linesInWindow = 0
        }
        guard linesInWindow < linesPerSecond else {
            suppressed += 1
            return nil
        }
        linesInWindow += 1
        defer { suppressed = 0 }
        return suppressed
    }
}
