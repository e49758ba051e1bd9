/// Messages in English (`en`), the default.
struct EnglishMessages: MessageCatalog {
    func text(for message: Message) -> String {
        switch message {
        case .ok: "ok"
        case .missingHeader(let name): "missing required header \(name)"
        case .unsupportedVersion(let version): "API version '\(version)' is not supported; use 1.0"
        case .malformedBody(let reason): "the request body cannot be read: \(reason)"
        case .bodyTooLarge: "the request body is too large"
        case .duplicateSignedHeader(let name): "the signed header \(name) was sent more than once"
        case .signatureMismatch: "signature mismatch"
        case .signatureMismatchExplained(let detail): "signature mismatch: \(detail)"
        case .unknownAppKey: "unknown X-APP-KEY"
        case .requestExpired(let skew): "request expired: X-TIMESTAMP is \(skew) s away from the server's clock"
        case .nonceReused: "request replayed: this X-NONCE was already used"
        case .invalidParameter(let name, let rule): "invalid parameter '\(name)': \(text(for: rule))"
        case .noSuchEndpoint: "no such endpoint"
        case .methodNotAllowed(let allowed): "method not allowed; use \(allowed.joined(separator: ", "))"
        case .tooManyRequests(let seconds): "too many requests; try again in \(seconds) s"
        case .phoneAlreadyRegistered: "this phone number is already registered"
        case .wrongCredentials: "wrong phone number or password"
        case .accountDisabled: "this account is disabled"
        case .notLoggedIn: "please log in again"
        case .alreadyCheckedIn: "you have already checked in today"
        case .internalError: "internal error, please try again later"
        case .custom(let text): text
        }
    }

    func text(for rule: ParameterRule) -> String {
        switch rule {
        case .required: "is required"
        case .phoneFormat: "must be 11 digits starting with 1"
        case .length(let min, let max): "must be \(min) to \(max) characters"
        case .integerRange(let min, let max): "must be a whole number from \(min) to \(max)"
        case .url: "must be an http or https URL"
        case .duplicated: "is sent more than once (query and body)"
        case .unsignable: "must not be a JSON object or null (it cannot be signed reliably)"
        case .wrongType: "has the wrong type"
        case .schema(let rule): rule
        }
    }
}
