import HTTP
import JSON
import Mocking
import Signing

/// A business or protocol error answered in the envelope.
public struct APIError: Error, Sendable {
    /// The envelope's code.
    public let code: ResultCode
    /// What `message` says, rendered in the client's language.
    public let message: Message
    /// The development-mode signature diagnosis, answered in `data.diagnosis` (and journalled).
    public var diagnosis: SignatureDiagnosis?
    /// The HTTP status when it differs from the code's semantic one (an oversized body: 413).
    public var status: HTTPStatus?
    /// Extra response headers (`Allow`, `Retry-After`).
    public var headers: [(name: String, value: String)] = []
    /// For a 50000: what went wrong, for the server's log only (never sent to the client).
    public var underlyingFailure: String?
    /// For a 10404 in development mode, the stubs that almost answered (`data.near_misses`).
    public var nearMisses: [String] = []

    /// An error with `code` and `message`.
    public init(_ code: ResultCode, _ message: Message) {
        self.code = code
        self.message = message
    }

    /// An error with `message` and the code it belongs to (`Message.resultCode`; free text, which
    /// has none, is a 50000).
    init(_ message: Message) {
        self.init(message.resultCode ?? .internalError, message)
    }

    /// The envelope of this error, in `language` and `dialect`, with the status the dialect gives
    /// its code (or the one it overrides) and its extra headers.
    func response(requestID: String, language: Language, dialect: EnvelopeDialect) -> HTTPResponse {
        Envelope.response(code: code, message: language.catalog.text(for: message), data: .value(data), requestID: requestID,
                          dialect: dialect, status: status, extraHeaders: headers)
    }

    /// The envelope's `data`: `{"diagnosis": …}` for a diagnosed signature mismatch,
    /// `{"near_misses": […]}` for a 10404 that stubs almost answered, else null.
    var data: JSONValue {
        if let diagnosis { return .object(JSONObject([("diagnosis", diagnosis.json)])) }
        guard !nearMisses.isEmpty else { return .null }
        return .object(JSONObject([("near_misses", .array(nearMisses.map(JSONValue.string)))]))
    }

    /// 10005 for `parameter`, which breaks `rule`.
    public static func invalidParameter(_ parameter: String, _ rule: ParameterRule) -> APIError {
        APIError(.invalidParameter(name: parameter, rule: rule))
    }

    /// The envelope error for a request whose parameters cannot be read or signed.
    init(parsing error: RequestParsingError) {
        switch error {
        case .malformedBody(let reason): self.init(.malformedBody(reason))
        case .duplicateSignedHeader(let name): self.init(.duplicateSignedHeader(name))
        case .unsignableValue(let name, _): self.init(.invalidParameter(name: name, rule: .unsignable))
        }
    }

    /// 10405 with `Allow`, whose methods the message names too.
    static func methodNotAllowed(_ allow: AllowHeader) -> APIError {
        var error = APIError(.methodNotAllowed(allowed: allow.methods))
        error.headers = [allow.header]
        return error
    }
}
