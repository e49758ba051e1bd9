import HTTP
import JSON
import Signing

/// A proxied exchange as a stub of the stubs folder's format (docs/contract-testing.md "Stubs"):
/// `request` (the method, the path with each id-like segment as a `{id}` template segment, the
/// query and form parameters that select the answer) and `response` (the upstream's envelope:
/// code, message, data, with its HTTP status); no secret survives into it.
///
/// Not matched on, so never written: the headers (Authorization, signature, version), and the
/// parameters that change on every call or are secret (`isUnmatched`).
struct RecordedStub: Equatable {
    let method: String
    /// The path with id-like segments templated (`/api/v1/orders/{id}`).
    let path: String
    /// What the stub matches: `{"method", "path", "params"?}`.
    let request: JSONValue
    /// What it answers, the secrets masked.
    let response: JSONValue

    /// The stub for `response` to `request`, whose query and form parameters are `parameters`;
    /// nil when the answer is not an envelope (the format answers envelopes only).
    init?(request: HTTPRequest, response: HTTPResponse, parameters: [(name: String, value: String)] = []) {
        guard let envelope = try? JSONParser.parse(response.body) else { return nil }
        let hidden = request.headers["Authorization"].map { [Self.credential(of: $0)] } ?? []
        self.init(method: request.method, path: request.path, parameters: parameters, envelope: envelope,
                  status: response.status.code, hidden: hidden)
    }

    /// The stub for the answer `envelope` with HTTP status `status` to `method` `path` with the
    /// query and form `parameters`, each of the `hidden` texts masked; nil when `envelope` is not an envelope.
    init?(method: String, path: String, parameters: [(name: String, value: String)], envelope: JSONValue, status: Int,
          hidden: [String] = []) {
        guard case .object(let envelope) = envelope, let code = envelope["code"]?.intValue else { return nil }
        var answer = JSONObject([("code", .number(JSONNumber(code)))])
        if let message = envelope["message"]?.stringValue { answer["message"] = .string(SensitiveValues.masked(message, hiding: hidden)) }
        answer["data"] = SensitiveValues.masked(envelope["data"] ?? .null, hiding: hidden)
        answer["http_status"] = .number(JSONNumber(status))
        self.method = method
        self.path = Self.template(path)
        var matched = JSONObject([("method", .string(method)), ("path", .string(self.path))])
        var params = JSONObject()
        for (name, value) in parameters.sorted(by: { $0.name < $1.name }) where !Self.isUnmatched(name) && params[name] == nil {
            params[name] = .string(value)
        }
        if !params.keys.isEmpty { matched["params"] = .object(params) }
        request = .object(matched)
        response = .object(answer)
    }

    /// The parameters a recorded stub does not match on: the signing ones that change on every
    /// call (signature, nonce, timestamp) and every name `SensitiveValues` masks (tokens, passwords, secrets).
    static func isUnmatched(_ name: String) -> Bool {
        ["signature", "sign", "sig", "nonce", "timestamp", "ts"].contains(name.lowercased()) || SensitiveValues.isSensitive(name: name)
    }

    /// `path` with each segment that looks like an id (all digits, or a UUID) as `{id}`, `{id2}`, …
    static func template(_ path: String) -> String {
        var count = 0
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).map { segment -> String in
            let isDigits = !segment.isEmpty && segment.utf8.allSatisfy { (0x30...0x39).contains($0) }
            guard isDigits || Self.isUUID(segment) else { return String(segment) }
            count += 1
            return count == 1 ? "{id}" : "{id\(count)}"
        }
        return segments.joined(separator: "/")
    }

    /// `8-4-4-4-12` hexadecimal digits.
    private static func isUUID(_ segment: Substring) -> Bool {
        let bytes = Array(segment.utf8)
        guard bytes.count == 36 else { return false }
        return bytes.enumerated().allSatisfy { index, byte in
            [8, 13, 18, 23].contains(index) ? byte == 0x2D
                : (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
        }
    }

    /// The definition, in the scenario state `step` when the request had several answers.
    func definition(step: (name: String, state: String, next: String?)? = nil) -> JSONValue {
        var fields = JSONObject([("request", request), ("response", response)])
        if let step {
            var scenario = JSONObject([("name", .string(step.name)), ("state", .string(step.state))])
            if let next = step.next { scenario["next_state"] = .string(next) }
            fields["scenario"] = .object(scenario)
        }
        return .object(fields)
    }

    /// The method and the templated path, `/` and braces as `_` (`get_api_v1_orders__id_`).
    var stem: String {
        let slug = path.dropFirst().map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
        return method.lowercased() + "_" + String(slug)
    }

    /// The token or key of an `Authorization` value, without its scheme.
    private static func credential(of authorization: String) -> String {
        String(authorization.split(separator: " ", maxSplits: 1).last ?? "")
    }
}
