import HTTP
import Signing
import Store

/// Which journal entries an admin request selects: the query string of `GET /__admin/requests`
/// or the body of `POST /__admin/requests/count`.
struct JournalQuery {
    /// The entries selected.
    var filter = JournalFilter()
    /// At most this many (the listing only).
    var limit = 100

    /// The filter and limit of the listing's query string: `limit` (default 100), `since`, `path`,
    /// `method`, `verdict`.
    init(listing request: HTTPRequest, canonicalizer: Canonicalizer) throws(AdminError) {
        let parameters: RequestParameters
        do {
            parameters = try canonicalizer.parameters(of: SignableRequest(method: request.method, target: request.target))
        } catch {
            throw .badRequest("malformed query string")
        }
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
    }

    /// The filter of a count request's body (`method`, `path`, `verdict`, `since`; empty: every entry).
    static func filter(countBody body: [UInt8]) throws(AdminError) -> JournalFilter {
        let fields = try AdminFields(body: body, allowed: ["method", "path", "verdict", "since"], emptyAllowed: true)
        return JournalFilter(since: try fields.integer("since", in: 0...Int.max).map { (since) throws(AdminError) in try milliseconds(since) },
                             method: try fields.method("method"), path: try fields.string("path"),
                             verdict: try fields.string("verdict").map(verdict))
    }

    /// `since` as milliseconds, or a 400 that says so when it can only be seconds.
    private static func milliseconds(_ since: Int) throws(AdminError) -> Int64 {
        guard !JournalFilter.secondsOnlySince.contains(Int64(since)) else {
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
