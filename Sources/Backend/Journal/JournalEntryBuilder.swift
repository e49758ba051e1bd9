import HTTP
import JSON
import Signing
import Store

/// Turns a `JournalRecord` into its stored row, on the journal's writer thread: the signed headers
/// with the token shortened, the parameters with sensitive values hidden, the signature
/// diagnosis; no secret, whole token or password survives into it.
public struct JournalEntryBuilder: Sendable {
    /// The parameters, and each member of the diagnosis, keep about this many bytes (see
    /// `ValueBudget`); with the signed headers (at most the header block) and the path (at most
    /// the request line), an entry stays under about 64 KiB.
    static let partBudget = 16 << 10

    /// The signed header names, each with its text as a JSON member name, and whether it is
    /// `Authorization` (whose token is shortened).
    private let signedHeaders: [(name: String, member: JSONObjectWriter.MemberName, isAuthorization: Bool)]
    private let canonicalizer: Canonicalizer
    /// Each secret, and what replaces it.
    private let secretReplacements: [TextReplacement]
    /// The largest answer body an entry keeps (0: entries keep no answer).
    let answerBytes: Int

    /// The default of `answerBytes` (`--journal-answer-bytes`).
    public static let defaultAnswerBytes = JournalAnswer.defaultBytes
    /// The largest `answerBytes`.
    public static let largestAnswerBytes = JournalAnswer.largestBytes

    /// A builder for requests signed under `policy`, hiding every one of `secrets` (the apps'), whose
    /// entries keep answer bodies of at most `answerBytes` bytes.
    public init(policy: SigningPolicy, secrets: [String], answerBytes: Int = defaultAnswerBytes) {
        self.answerBytes = answerBytes
        signedHeaders = policy.signedHeaders.map { ($0, JSONObjectWriter.MemberName($0), $0.lowercased() == "authorization") }
        canonicalizer = Canonicalizer(policy: policy)
        secretReplacements = secrets.filter { !$0.isEmpty }.map { TextReplacement($0, with: "<secret>") }
    }

    /// The stored row of `record`.
    func row(for record: JournalRecord) -> JournalRow {
        let request = record.request
        var hiddenTexts: [String] = []
        let parameters = self.parameters(of: request, hiding: &hiddenTexts)
        let hidden = hiddenTexts.filter { !$0.isEmpty }
        let replacements = hidden.isEmpty ? secretReplacements : hidden.map { TextReplacement($0, with: SensitiveValues.marker) } + secretReplacements
        var entry = JSONObjectWriter(capacity: 512)
        entry.add("request_id", string: record.requestID)
        entry.add("time_ms", integer: record.timeMilliseconds)
        entry.add("method", string: request.method)
        entry.add("path", string: request.path)
        entry.add("protocol", string: request.version.protocolName)
        entry.addObject("headers") { addHeaders(of: request, replacements, to: &$0) }
        // As received: over HTTP/2 every name is lowercase, which is what a signature check meets.
        entry.add("header_names", strings: request.headers.map(\.name))
        // Says whether the params came from a JSON body (`countersign record` matches query and form ones only).
        if let contentType = request.headers["Content-Type"] { entry.add("content_type", string: contentType) }
        entry.add("params", parameters.isEmpty ? .object(parameters) : Self.bounded(Self.redacting(.object(parameters), replacements)))
        entry.add("verdict", string: record.verdict.rawValue)
        if !record.numericArrays.isEmpty { entry.add("numeric_arrays", .array(record.numericArrays.map(JSONValue.string))) }
        if !record.nearMisses.isEmpty { entry.add("near_misses", Self.bounded(.array(record.nearMisses.map(JSONValue.string)))) }
        entry.add("diagnosis", record.diagnosis.map { Self.boundedMembers(Self.redacting($0.journalJSON, replacements)) } ?? .null)
        entry.add("http_status", integer: record.httpStatus.map(Int64.init))
        entry.add("code", integer: record.code.map(Int64.init))
        entry.add("latency_ms", thousandths: record.latencyMilliseconds)
        entry.add("client_subject", string: record.clientSubject)
        if let proxied = record.proxied { entry.add("proxied", proxied.json) }
        if let answer = record.answer { entry.add("answer", Self.json(of: answer, replacements)) }
        return JournalRow(timeMilliseconds: record.timeMilliseconds, method: request.method, path: request.path,
                          verdict: record.verdict.rawValue, entry: entry.finished())
    }

    /// Adds the signed headers present, in their configured spelling; `Authorization` shortened.
    private func addHeaders(of request: HTTPRequest, _ replacements: [TextReplacement], to headers: inout JSONObjectWriter) {
        for index in signedHeaders.indices {
            guard var value = request.headers[signedHeaders[index].name] else { continue }
            if signedHeaders[index].isAuthorization { value = CanonicalRequest.masked(authorization: value) }
            for replacement in replacements { value = replacement.apply(to: value) }
            headers.add(signedHeaders[index].member, string: value)
        }
    }

    /// The query and body parameters (none when the body cannot be read: the code says why), with
    /// the values `SensitiveValues` hides replaced; their texts and the token are added to `hidden`.
    private func parameters(of request: HTTPRequest, hiding hidden: inout [String]) -> JSONObject {
        guard request.query != nil || !request.body.isEmpty else { return JSONObject() }
        let signable = SignableRequest(method: request.method, target: request.target, headers: request.headers, body: request.body)
        guard let parameters = try? canonicalizer.parameters(of: signable) else { return JSONObject() }
        let authorization = signedHeaders.first(where: \.isAuthorization).flatMap { request.headers[$0.name] }
        let sensitive = SensitiveValues(parameters: parameters, authorization: authorization)
        hidden += sensitive.texts
        var members: [(String, JSONValue)] = []
        for entry in parameters.entries {
            let text = entry.value.stringValue ?? entry.value.rendered
            if sensitive.hides(name: entry.name, value: text) {
                hidden.append(text)
                members.append((entry.name, .string(SensitiveValues.marker)))
            } else {
                members.append((entry.name, Self.json(entry.value)))
            }
        }
        return JSONObject(members)
    }

    private static func json(_ value: ParameterValue) -> JSONValue {
        switch value {
        case .text(let text): .string(text)
        case .json(let json): json
        case .list(let values): .array(values.map(json))
        }
    }

    /// `value` within `partBudget`: cut after the secrets are hidden, so that no cut leaves part of one.
    private static func bounded(_ value: JSONValue) -> JSONValue {
        var budget = ValueBudget(bytes: partBudget)
        return budget.bounded(value)
    }

    /// The diagnosis with each member within `partBudget`: its likely cause and detail stay
    /// whole however many keys come before them.
    private static func boundedMembers(_ value: JSONValue) -> JSONValue {
        guard case .object(let object) = value else { return bounded(value) }
        return .object(JSONObject(object.map { ($0.key, bounded($0.value)) }))
    }

    /// `value` with every occurrence of each replacement's text, in every string, replaced.
    static func redacting(_ value: JSONValue, _ replacements: [TextReplacement]) -> JSONValue {
        guard !replacements.isEmpty else { return value }
        switch value {
        case .string(let text):
            return .string(replacements.reduce(text) { $1.apply(to: $0) })
        case .array(let elements):
            return .array(elements.map { redacting($0, replacements) })
        case .object(let object):
            return .object(JSONObject(object.map { ($0.key, redacting($0.value, replacements)) }))
        case .null, .bool, .number:
            return value
        }
    }
}
