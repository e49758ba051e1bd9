/// One request journal entry as stored: the columns a filter reads, and the entry's bytes.
public struct JournalRow: Sendable, Equatable {
    /// When the request arrived, in Unix milliseconds.
    public let timeMilliseconds: Int64
    /// The request method.
    public let method: String
    /// The request path, without the query string.
    public let path: String
    /// The signature verdict (`valid`, `invalid`, `missing`, `skipped`).
    public let verdict: String
    /// The whole entry, in a form the caller chooses (the store keeps it as it is).
    public let entry: [UInt8]

    /// A row with these values.
    public init(timeMilliseconds: Int64, method: String, path: String, verdict: String, entry: [UInt8]) {
        self.timeMilliseconds = timeMilliseconds
        self.method = method
        self.path = path
        self.verdict = verdict
        self.entry = entry
    }

    /// Runs `insert` once with the row's values bound to its parameters, in the order of
    /// `JournalStore`'s columns, then resets it and clears its bindings.
    ///
    /// The texts are bound in place, not copied (the journal's writer inserts every request):
    /// each is valid only inside its closure, so the statement runs and lets go of them in the
    /// innermost one.
    func insert(with insert: Statement) throws(StoreError) {
        try insert.bind(.integer(timeMilliseconds), at: 1)
        // The closures capture these rather than a copy of the whole row.
        let (path, verdict, entry) = (path, verdict, entry)
        try insert.bind(.integer(Int64(entry.count)), at: 5)
        try insert.withText(method, boundAt: 2) { () throws(StoreError) in
            try insert.withText(path, boundAt: 3) { () throws(StoreError) in
                try insert.withText(verdict, boundAt: 4) { () throws(StoreError) in
                    try insert.withBlob(entry, boundAt: 6) { () throws(StoreError) in
                        defer { insert.resetAndClearBindings() }
                        while try insert.step() {}
                    }
                }
            }
        }
    }
}
