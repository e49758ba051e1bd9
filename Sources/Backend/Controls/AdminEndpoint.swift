/// The admin API's endpoints (API.md "Admin API"), recognized from the request path.
enum AdminEndpoint: Equatable {
    /// `/__admin/requests`: the journal.
    case requests
    /// `/__admin/requests/count`.
    case requestCount
    /// `/__admin/faults`.
    case faults
    /// `/__admin/faults/{id}`.
    case fault(id: Int)
    /// `/__admin/stubs`.
    case stubs
    /// `/__admin/stubs/{id}`.
    case stub(id: Int)
    /// `/__admin/tokens/expire`.
    case expireTokens
    /// `/__admin/reset`.
    case reset
    /// `/__admin/config`.
    case config
    /// `/__admin/pins`: the server certificate, the CA and the SPKI pin.
    case pins

    /// The endpoint at `path`, or nil when there is none.
    init?(path: String) {
        let parts = path.split(separator: "/").map(String.init)
        guard parts.first == "__admin" else { return nil }
        switch Array(parts.dropFirst()) {
        case ["requests"]: self = .requests
        case ["requests", "count"]: self = .requestCount
        case ["faults"]: self = .faults
        case ["stubs"]: self = .stubs
        case ["tokens", "expire"]: self = .expireTokens
        case ["reset"]: self = .reset
        case ["config"]: self = .config
        case ["pins"]: self = .pins
        case let rest where rest.count == 2:
            guard let id = Int(rest[1]) else { return nil }
            switch rest[0] {
            case "faults": self = .fault(id: id)
            case "stubs": self = .stub(id: id)
            default: return nil
            }
        default: return nil
        }
    }

    /// The methods the endpoint answers.
    var methods: [String] {
        switch self {
        case .requests: ["GET", "DELETE"]
        case .requestCount, .expireTokens, .reset: ["POST"]
        case .faults, .stubs: ["GET", "POST", "DELETE"]
        case .fault, .stub: ["DELETE"]
        case .config, .pins: ["GET"]
        }
    }
}
