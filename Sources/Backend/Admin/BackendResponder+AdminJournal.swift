import HTTP
import Signing
import Store

extension BackendResponder {
    /// The body of `GET /__admin/requests`: `{"requests": [...]}`, newest first.
    func journalListing(_ request: HTTPRequest) throws(AdminError) -> [UInt8] {
        let (filter, limit) = try journalQuery(request)
        let entries = try withJournal(orWhenOff: []) { journal throws(JournalError) in try journal.entries(matching: filter, limit: limit) }
        // The entries are JSON objects already: spliced, not parsed and written again.
        return Array("{\"requests\":[\(entries.joined(separator: ","))]}".utf8)
    }

    /// The answer of `POST /__admin/requests/count` for the filter in the body.
    func journalCount(_ request: HTTPRequest) throws(AdminError) -> Int {
        let fields = try AdminFields(body: request.body, allowed: ["method", "path", "verdict", "since"], emptyAllowed: true)
        let filter = JournalFilter(since: try fields.integer("since", in: 0...Int.max).map(Int64.init),
                                   method: try fields.method("method"), path: try fields.string("path"),
                                   verdict: try fields.string("verdict").map(Self.verdict))
        return try withJournal(orWhenOff: 0) { journal throws(JournalError) in try journal.count(matching: filter) }
    }

    /// Runs `body` with the journal, or answers `off` when the journal is off (`--journal-size 0`).
    func withJournal<Value>(orWhenOff off: Value, _ body: (Journal) throws(JournalError) -> Value) throws(AdminError) -> Value {
        guard let journal = environment.journal else { return off }
        do {
            return try body(journal)
        } catch {
            if case .stopped = error { throw AdminError(status: .serviceUnavailable, message: error.description) }
            throw .internal(error.description)
        }
    }

    /// The filter and limit of the query string: `limit` (default 100), `since`, `path`, `method`, `verdict`.
    private func journalQuery(_ request: HTTPRequest) throws(AdminError) -> (JournalFilter, Int) {
        let parameters: RequestParameters
        do {
            parameters = try canonicalizer.parameters(of: SignableRequest(method: request.method, target: request.target))
        } catch {
            throw .badRequest("malformed query string")
        }
        var filter = JournalFilter()
        var limit = 100
        for entry in parameters.entries {
            guard let text = entry.value.stringValue else { throw .badRequest("'\(entry.name)' must be given once") }
            switch entry.name {
            case "limit":
                guard let number = Int(text), (1...100_000).contains(number) else {
                    throw .badRequest("'limit' must be a whole number from 1 to 100000")
                }
                limit = number
            case "since":
                guard let number = Int64(text), number >= 0 else { throw .badRequest("'since' must be a Unix time in milliseconds") }
                filter.since = number
            case "path": filter.path = text
            case "method": filter.method = text.uppercased()
            case "verdict": filter.verdict = try Self.verdict(text)
            default: throw .badRequest("unknown query parameter '\(entry.name)'; use limit, since, path, method, verdict")
            }
        }
        return (filter, limit)
    }

    private static func verdict(_ text: String) throws(AdminError) -> String {
        guard let verdict = JournalVerdict(rawValue: text) else {
            throw .badRequest("'verdict' must be one of \(JournalVerdict.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return verdict.rawValue
    }
}
