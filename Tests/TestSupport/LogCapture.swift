import System

/// Collects every line a test server logs, so tests can assert on them (and that secrets never appear).
public final class LogCapture: Sendable {
    private let storage = LockedValue<[String]>([])
    private let flushLogger = LockedValue<(@Sendable () -> Void)?>(nil)

    public init() {}

    /// Makes `lines` flush the logger's buffer first.
    public func attach(flush: @escaping @Sendable () -> Void) { flushLogger.withLock { $0 = flush } }

    /// Appends a line.
    public func append(_ line: String) { storage.withLock { $0.append(line) } }

    /// Every line logged so far, buffered ones included.
    public var lines: [String] {
        flushLogger.withLock { $0 }?()
        return storage.withLock { $0 }
    }
}
