/// One request journal entry as a block stores it (`JournalBlock`): what a filter reads, and the entry's bytes.
public struct JournalRow: Sendable, Equatable {
    /// When the request arrived, in Unix milliseconds.
    public let timeMilliseconds: Int64
    /// The request method.
    public let method: String
    /// The request path, without the query string.
    public let path: String
    /// The signature verdict (`valid`, `invalid`, `missing`, `skipped`).
    public let verdict: String
    /// The whole entry, in a form the caller chooses (the store keeps it as it is): a slice, so that
    /// the rows of one batch can share one buffer.
    public let entry: ArraySlice<UInt8>

    /// A row with these values.
    public init(timeMilliseconds: Int64, method: String, path: String, verdict: String, entry: ArraySlice<UInt8>) {
        self.timeMilliseconds = timeMilliseconds
        self.method = method
        self.path = path
        self.verdict = verdict
        self.entry = entry
    }
}
