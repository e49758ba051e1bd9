/// How much the request journal keeps: at most `entries` entries and `bytes` bytes of entry text;
/// the oldest entries go first, and each one that goes is counted as dropped.
public struct JournalLimits: Sendable, Equatable {
    /// Entries kept at most (`--journal-size`).
    public var entries: Int
    /// Bytes of entry text kept at most (`--journal-bytes`).
    public var bytes: Int

    /// The default byte budget: 64 MiB.
    public static let defaultBytes = 64 << 20

    /// Limits of `entries` entries and `bytes` bytes.
    public init(entries: Int, bytes: Int = defaultBytes) {
        self.entries = entries
        self.bytes = bytes
    }
}
