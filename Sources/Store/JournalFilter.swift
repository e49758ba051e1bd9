import System

/// Which journal entries a listing or a count selects: every field that is set must match.
public struct JournalFilter: Sendable, Equatable {
    /// Only entries at or after this Unix time in milliseconds.
    public var since: Int64?
    /// Only entries with this method.
    public var method: String?
    /// Only entries for this path (without the query string): a `PathPattern`, exact or with `*`
    /// standing for any run of characters, slashes included (as a fault's path).
    public var path: String?
    /// Only entries with this verdict.
    public var verdict: String?

    /// The `since` values that can only be a time in seconds: from 2001-09-09 in seconds, up to
    /// 1973-03-03 in milliseconds. They are refused rather than silently selecting every entry.
    public static let secondsOnlySince: Range<Int64> = 1_000_000_000..<100_000_000_000

    /// A filter; nothing set selects every entry.
    public init(since: Int64? = nil, method: String? = nil, path: String? = nil, verdict: String? = nil) {
        self.since = since
        self.method = method
        self.path = path
        self.verdict = verdict
    }

    /// The test of one stored row, prepared once for a whole listing or count: it compares bytes,
    /// making no `String` of any row.
    func rowTest() -> (JournalBlock.StoredRow) -> Bool {
        let since = since, method = method.map { Array($0.utf8) }, verdict = verdict.map { Array($0.utf8) }
        let pattern = path.map(PathPattern.init)
        return { row in
            (since.map { row.timeMilliseconds >= $0 } ?? true) && (method.map { row.method.elementsEqual($0) } ?? true)
                && (pattern.map { pattern in row.path.withUnsafeBufferPointer { pattern.matches(utf8: $0) } } ?? true)
                && (verdict.map { row.verdict.elementsEqual($0) } ?? true)
        }
    }
}
