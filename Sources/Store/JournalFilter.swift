/// Which journal entries a listing or a count selects: every field that is set must match.
public struct JournalFilter: Sendable, Equatable {
    /// Only entries at or after this Unix time in milliseconds.
    public var since: Int64?
    /// Only entries with this method.
    public var method: String?
    /// Only entries for this path (without the query string): exact, or with `*` standing for any
    /// run of characters, slashes included (as a fault's path).
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

    /// The WHERE clause shared by listing and counting: ?1 since, ?2 method, ?3 path, ?4 verdict
    /// (a NULL argument disables its condition, so one cached statement serves every filter).
    static let whereClause = """
        WHERE (?1 IS NULL OR time_ms >= ?1) AND (?2 IS NULL OR method = ?2)
          AND (?3 IS NULL OR path GLOB ?3) AND (?4 IS NULL OR verdict = ?4)
        """

    /// The values bound to `whereClause`.
    var arguments: [DatabaseValue] {
        [since.map(DatabaseValue.integer) ?? .null, DatabaseValue(method), DatabaseValue(path.map(Self.glob)), DatabaseValue(verdict)]
    }

    /// `pattern` as an SQLite GLOB in which only `*` is special: `?` and `[` match themselves.
    static func glob(_ pattern: String) -> String {
        var glob = ""
        for character in pattern {
            switch character {
            case "?": glob += "[?]"
            case "[": glob += "[[]"
            default: glob.append(character)
            }
        }
        return glob
    }
}
