/// Every user-facing message, independent of language; a `MessageCatalog` renders it.
public enum Message: Sendable, Equatable {
    case ok
    case missingHeader(String)
    case unsupportedVersion(String)
    case malformedBody(String)
    case bodyTooLarge
    case duplicateSignedHeader(String)
    case signatureMismatch
    case signatureMismatchExplained(String)
    case unknownAppKey
    case requestExpired(skewSeconds: Int)
    case nonceReused
    case invalidParameter(name: String, rule: ParameterRule)
    case noSuchEndpoint
    case methodNotAllowed(allowed: [String])
    case tooManyRequests(retryAfterSeconds: Int)
    case phoneAlreadyRegistered
    case wrongCredentials
    case accountDisabled
    case notLoggedIn
    case alreadyCheckedIn
    case internalError
    /// Free text set by a test (an injected fault or a stub); shown as is in every language.
    case custom(String)
}
