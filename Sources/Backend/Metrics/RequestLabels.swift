/// What one answered request is recorded under: the labels of `countersign_requests_total` plus
/// the signature verdict. Each loop keeps one histogram per distinct value, so recording a request
/// is a single dictionary update; a scrape sums over what each family does not show. Every value
/// comes from a bounded set: never a raw path, a parameter or a header value.
struct RequestLabels: Hashable, Sendable {
    /// The route template: an API route or stub path, `/__admin`, an operational path, or `other`.
    let route: String
    /// The method, or `OTHER` for a method the server does not know.
    let method: String
    /// The HTTP status sent; nil when the connection was dropped or reset instead.
    let status: Int?
    /// The envelope code the client could read; nil when no envelope was sent.
    let code: Int?
    /// What the signature check said; nil outside `/api/`.
    let verdict: JournalVerdict?
    /// The protocol the request came over (`h2`, `http/1.1`, `http/1.0`); empty once summed over.
    let protocolName: String

    /// Labels for a request of `method` (any token) to `route`, over `protocolName`.
    init(route: String, method: String, status: Int?, code: Int?, verdict: JournalVerdict? = nil, protocolName: String = "") {
        self.route = route
        self.method = Self.label(forMethod: method)
        self.status = status
        self.code = code
        self.verdict = verdict
        self.protocolName = protocolName
    }

    /// These labels without the verdict and the protocol: the series of `countersign_requests_total`.
    var withoutVerdict: RequestLabels {
        RequestLabels(route: route, method: method, status: status, code: code)
    }

    /// The method's own name for the methods the server knows, else `OTHER`, so that a client
    /// inventing methods cannot add series.
    private static func label(forMethod method: String) -> String {
        switch method {
        case "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS": method
        default: "OTHER"
        }
    }

    /// The route of a request matching nothing.
    static let unmatchedRoute = "other"

    /// Hashes the numbers and the route's length only: hashing the route's text cost more than the
    /// rest of recording a request. Equality still compares every label, so labels that share a
    /// hash only share a bucket.
    func hash(into hasher: inout Hasher) {
        hasher.combine(route.utf8.count)
        hasher.combine(status)
        hasher.combine(code)
        hasher.combine(verdict)
    }
}
