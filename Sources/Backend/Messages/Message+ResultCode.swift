extension Message {
    /// The code an error with this message is answered with: each message but free text belongs to
    /// one code (several messages explain one code, as `bodyTooLarge` and `duplicateSignedHeader`
    /// explain 10006). Nil for free text, which a stub or a fault pairs with its own code.
    var resultCode: ResultCode? {
        switch self {
        case .ok: .ok
        case .missingHeader: .missingHeader
        case .unsupportedVersion: .unsupportedVersion
        case .malformedBody, .bodyTooLarge, .duplicateSignedHeader: .malformedBody
        case .signatureMismatch, .signatureMismatchExplained, .unknownAppKey: .signatureMismatch
        case .requestExpired, .nonceReused: .requestReplayed
        case .invalidParameter: .invalidParameter
        case .noSuchEndpoint: .noSuchEndpoint
        case .methodNotAllowed: .methodNotAllowed
        case .tooManyRequests: .tooManyRequests
        case .phoneAlreadyRegistered: .phoneAlreadyRegistered
        case .wrongCredentials: .wrongCredentials
        case .accountDisabled: .accountDisabled
        case .notLoggedIn: .notLoggedIn
        case .alreadyCheckedIn: .alreadyCheckedIn
        case .internalError: .internalError
        case .custom: nil
        }
    }
}
