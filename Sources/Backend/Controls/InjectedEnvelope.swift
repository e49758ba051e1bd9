import HTTP
import JSON

/// The envelope a stub or a fault answers: any code, its message (by default the code's usual one
/// in the client's language), its data, and its status (by default the one `--http-status` gives
/// the code; 200 for a code Countersign does not know).
struct InjectedEnvelope {
    let code: Int
    let message: String?
    let data: JSONValue
    let httpStatus: Int?

    /// The response, for a client that asked for `language`.
    func response(requestID: String, language: Language, style: BackendSettings.HTTPStatusStyle) -> HTTPResponse {
        let known = ResultCode(rawValue: code)
        let text = message ?? language.catalog.text(for: known.flatMap(Self.usualMessage) ?? .custom("Error \(code)"))
        let status = httpStatus.map { HTTPStatus(code: $0) } ?? (style == .always200 ? .ok : known?.semanticStatus ?? .ok)
        return Envelope.response(code: code, message: text, data: data, requestID: requestID, status: status)
    }

    /// The message Countersign itself answers with `code`, when it needs no details.
    private static func usualMessage(of code: ResultCode) -> Message? {
        switch code {
        case .ok: .ok
        case .signatureMismatch: .signatureMismatch
        case .requestReplayed: .nonceReused
        case .noSuchEndpoint: .noSuchEndpoint
        case .phoneAlreadyRegistered: .phoneAlreadyRegistered
        case .wrongCredentials: .wrongCredentials
        case .accountDisabled: .accountDisabled
        case .notLoggedIn: .notLoggedIn
        case .alreadyCheckedIn: .alreadyCheckedIn
        case .internalError: .internalError
        case .missingHeader, .unsupportedVersion, .invalidParameter, .malformedBody, .methodNotAllowed, .tooManyRequests: nil
        }
    }
}
