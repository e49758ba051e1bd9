import HTTP
import Signing
import Store

extension BackendResponder {
    /// The body of `GET /__admin/requests`: `{"requests": [...], "dropped": N}`, newest first, with
    /// how many entries were dropped since the last clear.
    func journalListing(_ request: HTTPRequest) throws(AdminError) -> [UInt8] {
        let (filter, limit) = try journalQuery(request)
        let (entries, dropped) = try withJournal(orWhenOff: ([], 0)) { journal throws(JournalError) in
            try journal.entries(matching: filter, limit: limit)
        }
        // The entries are JSON objects already: spliced, not parsed and written again.
        return Array("{\"requests\":[\(entries.joined(separator: ","))],\"dropped\":\(dropped)}".utf8)
    }

    /// The answer of `POST /__admin/requests/count` for the filter in the body: how many entries
    /// it selects, and how many entries were dropped since the last clear.
    func journalCount(_ request: HTTPRequest) throws(AdminError) -> (count: Int, dropped: Int) {
        let fields = try AdminFields(body: request.body, allowed: ["method", "path", "verdict", "since"], emptyAllowed: true)
        let filter = JournalFilter(since: try fields.integer("since", in: 0...Int.max).map { (since) throws(AdminError) in try Self.milliseconds(since) },
                                   method: try fields.method("method"), path: try fields.string("path"),
                                   verdict: try fields.string("verdict").map(Self.verdict))
        return try withJournal(orWhenOff: (0, 0)) { journal throws(JournalError) in try journal.count(matching: filter) }
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
            parameters = try pipeline.canonicalizer.parameters(of: SignableRequest(method: request.method, target: request.target))
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
                guard let number = Int(text), number >= 0 else { throw .badRequest("'since' must be a Unix time in milliseconds") }
                filter.since = try Self.milliseconds(number)
            case "path": filter.path = text
            case "method": filter.method = text.uppercased()
            case "verdict": filter.verdict = try Self.verdict(text)
            default: throw .badRequest("unknown query parameter '\(entry.name)'; use limit, since, path, method, verdict")
            }
        }
        return (filter, limit)
    }

    /// The `since` values that can only be a time in seconds: from 2001-09-09 in seconds, up to
    /// 1973-03-03 in milliseconds. They are refused rather than silently selecting every entry.
    static let secondsOnlySince = 1_000_000_000..<100_000_000_000

    /// `since` as milliseconds, or a 400 that says so when it can only be seconds.
    private static func milliseconds(_ since: Int) throws(AdminError) -> Int64 {
        guard !secondsOnlySince.contains(since) else {
            throw .badRequest("'since' is a Unix time in milliseconds; \(since) is in seconds (use \(since * 1000))")
        }
        return Int64(since)
    }

    private static func verdict(_ text: String) throws(AdminError) -> String {
        guard let verdict = JournalVerdict(rawValue: text) else {
            throw .badRequest("'verdict' must be one of \(JournalVerdict.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return verdict.rawValue
    }
}
