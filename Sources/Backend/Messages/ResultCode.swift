import HTTP

/// The `code` of the envelope: 0 for success, everything else an error the client handles.
public enum ResultCode: Int, Sendable, CaseIterable {
    case ok = 0
    case missingHeader = 10001
    case unsupportedVersion = 10002
    case signatureMismatch = 10003
    case requestReplayed = 10004
    case invalidParameter = 10005
    case malformedBody = 10006
    case noSuchEndpoint = 10404
    case methodNotAllowed = 10405
    case tooManyRequests = 10429
    case phoneAlreadyRegistered = 20101
    case wrongCredentials = 20102
    case accountDisabled = 20103
    case notLoggedIn = 20104
    case alreadyCheckedIn = 20105
    case internalError = 50000

    /// The HTTP status under `--http-status semantic` (API.md "The envelope").
    public var semanticStatus: HTTPStatus {
        switch self {
        case .ok, .phoneAlreadyRegistered, .wrongCredentials, .accountDisabled, .alreadyCheckedIn: .ok
        case .notLoggedIn: HTTPStatus(code: 401)
        case .missingHeader, .unsupportedVersion, .invalidParameter, .malformedBody: HTTPStatus(code: 400)
        case .signatureMismatch, .requestReplayed: HTTPStatus(code: 403)
        case .noSuchEndpoint: HTTPStatus(code: 404)
        case .methodNotAllowed: HTTPStatus(code: 405)
        case .tooManyRequests: HTTPStatus(code: 429)
        case .internalError: HTTPStatus(code: 500)
        }
    }
}
