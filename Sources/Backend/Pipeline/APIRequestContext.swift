import Signing
import Store

/// Everything a handler needs about one `/api/` request that passed the protocol checks.
struct APIRequestContext {
    let parameters: RequestParameters
    /// Unix seconds when the request arrived.
    let now: Int64
    /// `X-DEVICE-ID`, if sent.
    let deviceID: String?
    /// The logged-in user, for routes that require one.
    let session: Session?
    let store: Store
    /// The shared state; handlers read it through `settings` and `loginThrottle`.
    let environment: BackendEnvironment
    /// The client's address, for login throttling.
    let peer: String

    /// The backend's settings (read in place: a request copies none of them).
    var settings: BackendSettings { environment.settings }
    /// Wrong-password counts, when login throttling is on.
    var loginThrottle: LoginThrottle? { environment.loginThrottle }

    /// The session of a route that requires login (the responder checked it before calling).
    func requireSession() throws(APIError) -> Session {
        guard let session else { throw APIError(.notLoggedIn) }
        return session
    }

    /// A text parameter; nil when absent. Numbers and booleans of a JSON body count as their text.
    func text(_ name: String) throws(APIError) -> String? {
        guard let value = parameters[name] else { return nil }
        switch value {
        case .text(let text): return text
        case .json(let json):
            switch json {
            case .string(let text): return text
            case .number(let number): return number.text
            case .bool(let flag): return flag ? "true" : "false"
            default: throw .invalidParameter(name, .wrongType)
            }
        case .list: throw .invalidParameter(name, .wrongType)
        }
    }

    /// A required, non-empty text parameter.
    func requiredText(_ name: String) throws(APIError) -> String {
        guard let text = try text(name), !text.isEmpty else { throw .invalidParameter(name, .required) }
        return text
    }

    /// A whole-number parameter in `range`, or `defaultValue` when absent; out of range is an error, never clamped.
    func integer(_ name: String, in range: ClosedRange<Int>, default defaultValue: Int) throws(APIError) -> Int {
        guard let text = try text(name) else { return defaultValue }
        guard let value = Int(text), range.contains(value) else {
            throw .invalidParameter(name, .integerRange(min: range.lowerBound, max: range.upperBound))
        }
        return value
    }

    /// `page` (from 1) and `size` (1...100, default 20).
    func pagination() throws(APIError) -> (page: Int, size: Int) {
        (try integer("page", in: 1...1_000_000, default: 1), try integer("size", in: 1...100, default: 20))
    }
}
