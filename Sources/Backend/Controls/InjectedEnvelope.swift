import HTTP
import JSON
import Mocking

/// The envelope a stub or a fault answers: any code (nil: the dialect's success code), its
/// message (by default the code's usual one in the client's language), its data, its status (by
/// default the one the dialect's policy gives the code; 200 for a code Countersign does not
/// know) and extra headers.
struct InjectedEnvelope {
    let code: Int?
    let message: String?
    let data: JSONValue
    let httpStatus: Int?
    var headers: [(name: String, value: String)] = []

    /// The response, for a client that asked for `language`.
    func response(requestID: String, language: Language, dialect: EnvelopeDialect) -> HTTPResponse {
        let known = ResultCode(rawValue: code.map(dialect.countersignCode) ?? 0)
        let text = message ?? language.catalog.text(for: known.flatMap(Self.usualMessage) ?? .custom("Error \(code ?? 0)"))
        let status = httpStatus.map { HTTPStatus(code: $0) } ?? (dialect.statusPolicy == .always200 ? .ok : known?.semanticStatus ?? .ok)
        return Envelope.response(code: code ?? dialect.successCode, message: text, data: .value(data), requestID: requestID, status: status,
                                 dialect: dialect, extraHeaders: headers)
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
