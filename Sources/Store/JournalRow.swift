/// One request journal entry as stored: the columns a filter reads, and the entry as JSON text.
public struct JournalRow: Sendable, Equatable {
    /// When the request arrived, in Unix milliseconds.
    public let timeMilliseconds: Int64
    /// The request method.
    public let method: String
    /// The request path, without the query string.
    public let path: String
    /// The signature verdict (`valid`, `invalid`, `missing`, `skipped`).
    public let verdict: String
    /// The whole entry, a JSON object (the caller writes it; the store keeps it as it is).
    public let entry: String

    /// A row with these values.
    public init(timeMilliseconds: Int64, method: String, path: String, verdict: String, entry: String) {
        self.timeMilliseconds = timeMilliseconds
        self.method = method
        self.path = path
        self.verdict = verdict
        self.entry = entry
    }

    /// The values to insert, in the order of `JournalStore`'s columns.
    var values: [DatabaseValue] {
        [.integer(timeMilliseconds), .text(method), .text(path), .text(verdict), .text(entry)]
    }
}
