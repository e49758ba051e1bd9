/// How far the API pipeline got, read from the code it answered (API.md "Order of checks").
enum APIStage: Equatable {
    /// Stopped before the signature check: a missing header (10001), an unsupported version
    /// (10002) or an unreadable body (10006).
    case beforeSignature
    /// Stopped by the signature check: a mismatch (10003) or an expired or replayed request (10004).
    case signature
    /// Passed the signature check; the answer came from routing, the token check, the parameters
    /// or the handler.
    case afterSignature

    /// The stage of a request the pipeline answered with `code`.
    init(code: ResultCode) {
        switch code {
        case .missingHeader, .unsupportedVersion, .malformedBody: self = .beforeSignature
        case .signatureMismatch, .requestReplayed: self = .signature
        default: self = .afterSignature
        }
    }
}
