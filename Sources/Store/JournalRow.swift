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

    /// Inserts `rows` with `insert`, one INSERT of that many rows whose parameters are each row's
    /// values in the order of `JournalStore`'s columns.
    ///
    /// The texts and entries are bound in place, not copied by SQLite (the journal's writer inserts
    /// every request): they are gathered into one buffer, which stays where it is while the
    /// statement runs.
    static func insert(_ rows: ArraySlice<JournalRow>, with insert: Statement) throws(StoreError) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rows.reduce(0) { $0 + $1.method.utf8.count + $1.path.utf8.count + $1.verdict.utf8.count + $1.entry.count })
        for row in rows {
            bytes.append(contentsOf: row.method.utf8)
            bytes.append(contentsOf: row.path.utf8)
            bytes.append(contentsOf: row.verdict.utf8)
            bytes.append(contentsOf: row.entry)
        }
        try insert.withBindings(inPlaceOf: bytes) { bindings throws(StoreError) in
            var parameter: Int32 = 1
            var offset = 0
            /// The range of the next `count` bytes of the buffer.
            func next(_ count: Int) -> Range<Int> {
                defer { offset += count }
                return offset..<offset + count
            }
            for row in rows {
                try bindings.bind(.integer(row.timeMilliseconds), at: parameter)
                try bindings.bindText(next(row.method.utf8.count), at: parameter + 1)
                try bindings.bindText(next(row.path.utf8.count), at: parameter + 2)
                try bindings.bindText(next(row.verdict.utf8.count), at: parameter + 3)
                try bindings.bind(.integer(Int64(row.entry.count)), at: parameter + 4)
                try bindings.bindBlob(next(row.entry.count), at: parameter + 5)
                parameter += 6
            }
            try bindings.run()
        }
    }
}
