import HTTP
import JSON
import Signing

/// A proxied exchange as a stub of the stubs folder's format (docs/contract-testing.md "Stub
/// files"): the method, the path, and the upstream's envelope (code, message, data) with its
/// HTTP status; no secret survives into it.
///
/// Today's stub format matches on the method and the exact path only, so nothing of the request
/// beyond them is written: no header (Authorization, signature, nonce, timestamp), no parameter.
struct RecordedStub: Equatable {
    let method: String
    let path: String
    /// The stub's fields, the secrets masked.
    let definition: JSONValue

    /// The stub for `response` to `request`; nil when the answer is not an envelope (the format
    /// answers envelopes only).
    init?(request: HTTPRequest, response: HTTPResponse) {
        guard case .object(let envelope)? = try? JSONParser.parse(response.body), let code = envelope["code"]?.intValue else { return nil }
        let hidden = request.headers["Authorization"].map { [Self.credential(of: $0)] } ?? []
        var fields = JSONObject([("method", .string(request.method)), ("path", .string(request.path)), ("code", .number(JSONNumber(code)))])
        if let message = envelope["message"]?.stringValue { fields["message"] = .string(Self.masking(message, hidden)) }
        fields["data"] = Self.masking(envelope["data"] ?? .null, hidden)
        fields["http_status"] = .number(JSONNumber(response.status.code))
        method = request.method
        path = request.path
        definition = .object(fields)
    }

    /// The file the stub is written to: the method and the path, `/` as `_` (`get_api_v1_banner.json`).
    var fileName: String {
        let slug = path.dropFirst().map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
        return method.lowercased() + "_" + String(slug) + ".json"
    }

    /// The token or key of an `Authorization` value, without its scheme.
    private static func credential(of authorization: String) -> String {
        String(authorization.split(separator: " ", maxSplits: 1).last ?? "")
    }

    /// `value` with each member whose name is sensitive (`SensitiveValues.isSensitive`) set to the
    /// marker, and each of the `hidden` texts replaced in every string.
    static func masking(_ value: JSONValue, _ hidden: [String]) -> JSONValue {
        switch value {
        case .object(let object):
            var masked = JSONObject()
            for key in object.keys where masked[key] == nil {
                guard let member = object[key] else { continue }
                masked[key] = SensitiveValues.isSensitive(name: key) ? .string(SensitiveValues.marker) : masking(member, hidden)
            }
            return .object(masked)
        case .array(let elements):
            return .array(elements.map { masking($0, hidden) })
        case .string(let text):
            return .string(masking(text, hidden))
        case .null, .bool, .number:
            return value
        }
    }

    private static func masking(_ text: String, _ hidden: [String]) -> String {
        hidden.filter { $0.count >= SensitiveValues.shortestContainedToken }.reduce(text) { text, secret in
            text.replacing(secret, with: SensitiveValues.marker)
        }
    }
}
