import HTTP
import JSON
import Signing

/// `/__admin/requests`: lists, counts and clears the request journal. With the journal off
/// (`--journal-size 0`) it lists and counts nothing.
struct JournalControls {
    /// What a request to `/__admin/requests…` asks for.
    enum Action: Sendable, Equatable {
        /// `GET /__admin/requests`: the entries the query selects, newest first.
        case list
        /// `DELETE /__admin/requests`.
        case clear
        /// `POST /__admin/requests/count`: how many entries the filter in the body selects.
        case count
    }

    private let journal: Journal?
    /// Reads the listing's query string.
    private let canonicalizer: Canonicalizer

    init(journal: Journal?, canonicalizer: Canonicalizer) {
        self.journal = journal
        self.canonicalizer = canonicalizer
    }

    func answer(_ action: Action, _ request: HTTPRequest, requestID: String) throws(AdminError) -> HTTPResponse {
        switch action {
        case .list:
            return AdminResponse.body(try listing(request), requestID: requestID)
        case .clear:
            try clear()
            return AdminResponse.noContent(requestID: requestID)
        case .count:
            let (count, dropped) = try count(request)
            return AdminResponse.json(["count": .number(.init(count)), "dropped": .number(.init(dropped))], requestID: requestID)
        }
    }

    /// Empties the journal.
    func clear() throws(AdminError) {
        try withJournal(orWhenOff: ()) { journal throws(JournalError) in try journal.clear() }
    }

    /// `{"requests": [...], "dropped": N}`, newest first, with how many entries were dropped since
    /// the last clear.
    private func listing(_ request: HTTPRequest) throws(AdminError) -> [UInt8] {
        let query = try JournalQuery(listing: request, canonicalizer: canonicalizer)
        let (entries, dropped) = try withJournal(orWhenOff: ([], 0)) { journal throws(JournalError) in
            try journal.entries(matching: query.filter, limit: query.limit)
        }
        var object = JSONObjectWriter(capacity: entries.reduce(32) { $0 + $1.count + 1 })
        // The entries are JSON objects already: spliced, not parsed and written again.
        object.add("requests", jsonTexts: entries)
        object.add("dropped", integer: Int64(dropped))
        return object.finished()
    }

    /// How many entries the filter in the body selects, and how many were dropped since the last clear.
    private func count(_ request: HTTPRequest) throws(AdminError) -> (count: Int, dropped: Int) {
        let filter = try JournalQuery.filter(countBody: request.body)
        return try withJournal(orWhenOff: (0, 0)) { journal throws(JournalError) in try journal.count(matching: filter) }
    }

    /// Runs `body` with the journal, or answers `off` when the journal is off.
    private func withJournal<Value>(orWhenOff off: Value, _ body: (Journal) throws(JournalError) -> Value) throws(AdminError) -> Value {
        guard let journal else { return off }
        do {
            return try body(journal)
        } catch {
            if case .stopped = error { throw AdminError(status: .serviceUnavailable, message: error.description) }
            throw .internal(error.description)
        }
    }
}
