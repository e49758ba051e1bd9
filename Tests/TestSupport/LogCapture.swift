import Synchronization

/// Collects every line a test server logs, so tests can assert on them (and that secrets never appear).
public final class LogCapture: Sendable {
    private let storage = Mutex<[String]>([])

    public init() {}

    /// Appends a line.
    public func append(_ line: String) { storage.withLock { $0.append(line) } }

    /// Every line so far.
    public var lines: [String] { storage.withLock { $0 } }
}
