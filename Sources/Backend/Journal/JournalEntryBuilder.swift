import HTTP
import JSON
import Signing
import Store

/// Turns a `JournalRecord` into its stored row, on the journal's writer thread: the signed headers
/// with the token shortened, the parameters with sensitive values hidden, the signature
/// diagnosis; no secret, whole token or password survives into it. The entry is stored in its
/// compact form and becomes JSON only when read.
public struct JournalEntryBuilder: Sendable {
    /// The parameters, and each member of the diagnosis, keep about this many bytes (see
    /// `ValueBudget`); with the signed headers (at most the header block) and the path (at most
    /// the request line), an entry stays under about 64 KiB.
    static let partBudget = 16 << 10

    /// The signed header names, and whether each is `Authorization` (whose token is shortened).
    private let signedHeaders: [(lookup: FieldLookup, isAuthorization: Bool)]
    private let canonicalizer: Canonicalizer
    /// Each secret, and what replaces it.
    private let secretReplacements: [TextReplacement]
    /// The largest answer body an entry keeps (0: entries keep no answer).
    let answerBytes: Int

    /// The default of `answerBytes` (`--journal-answer-bytes`).
    public static let defaultAnswerBytes = JournalAnswer.defaultBytes
    /// The largest `answerBytes`.
    public static let largestAnswerBytes = JournalAnswer.largestBytes
    private static let contentType = FieldLookup("Content-Type")
    /// The room a batch's buffer starts with per entry (it doubles when an entry is larger): a
    /// signed check-in's entry takes about 370 bytes.
    private static let entryCapacity = 512
    /// The parameters of a request without any.
    private static let emptyObjectText = Array("{}".utf8)

    /// A builder for requests signed under `policy`, hiding every one of `secrets` (the apps'), whose
    /// entries keep answer bodies of at most `answerBytes` bytes.
    public init(policy: SigningPolicy, secrets: [String], answerBytes: Int = defaultAnswerBytes) {
        self.answerBytes = answerBytes
        signedHeaders = policy.signedHeaders.map { (FieldLookup($0), $0.lowercased() == "authorization") }
        canonicalizer = Canonicalizer(policy: policy)
        secretReplacements = secrets.filter { !$0.isEmpty }.map { TextReplacement($0, with: "<secret>") }
    }

    /// The stored rows of `records`, in order: their entries in the compact form (`JournalEntry`),
    /// written one after another into one buffer that the rows share (one allocation per batch, not
    /// two per entry).
    func rows(for records: ArraySlice<JournalRecord>) -> [JournalRow] {
        var writer = CompactWriter(capacity: Self.entryCapacity * records.count)
        var ends: [Int] = []
        ends.reserveCapacity(records.count)
        // By index, not `for record in records`: each record is read where it lies rather than copied.
        for index in records.indices {
            write(records[index], into: &writer)
            ends.append(writer.count)
        }
        let entries = writer.bytes
        var rows: [JournalRow] = []
        rows.reserveCapacity(records.count)
        var start = 0
        for (index, end) in zip(records.indices, ends) {
            let request = records[index].request
            rows.append(JournalRow(timeMilliseconds: records[index].timeMilliseconds, method: request.method, path: request.path,
                                   verdict: records[index].verdict.rawValue, entry: entries[start..<end]))
            start = end
        }
        return rows
    }

    /// Writes the entry of `record` in the compact form.
    private func write(_ record: JournalRecord, into writer: inout CompactWriter) {
        let request = record.request
        var hiddenTexts: [String] = []
        let parameters = self.parameters(of: request, hiding: &hiddenTexts)
        let hidden = hiddenTexts.filter { !$0.isEmpty }
        let replacements = hidden.isEmpty ? secretReplacements : hidden.map { TextReplacement($0, with: SensitiveValues.marker) } + secretReplacements
        let parametersText = parameters.isEmpty ? Self.emptyObjectText : Self.text(Self.bounded(Self.redacting(.object(parameters), replacements)))
        let diagnosis = record.diagnosis.map { Self.text(Self.boundedMembers(Self.redacting($0.journalJSON, replacements))) }
        // Written straight from the request, in the compact form (`JournalEntry(stored:)` reads it).
        writer.entry(
            requestID: record.requestID, timeMilliseconds: record.timeMilliseconds, method: request.method,
            path: request.path, protocolName: request.version.protocolName,
            headers: { writeHeaders(of: request, replacements, into: &$0) },
            headerNames: { writer in
                writer.count(request.headers.count)
                request.headers.forEachName { writer.text($0) }
            },
            parameters: parametersText, verdict: record.verdict.rawValue, numericArrays: record.numericArrays,
            nearMisses: record.nearMisses.isEmpty ? nil : Self.text(Self.bounded(.array(record.nearMisses.map(JSONValue.string)))),
            diagnosis: diagnosis,
            httpStatus: record.httpStatus.map(Int64.init), code: record.code.map(Int64.init),
            latencyMilliseconds: record.latencyMilliseconds, clientSubject: record.clientSubject,
            proxied: record.proxied.map { Self.text($0.json) },
            // Says whether the params came from a JSON body (`countersign record` matches query and form ones only).
            contentType: request.headers[Self.contentType],
            answer: record.answer.map { Self.text(Self.json(of: $0, replacements)) })
    }

    /// Writes the signed headers present, in their configured spelling, `Authorization` shortened:
    /// their count, then each.
    private func writeHeaders(of request: HTTPRequest, _ replacements: [TextReplacement], into writer: inout CompactWriter) {
        // The count comes before the headers: it is written once they are, in the place kept for it.
        writer.countAfterwards { writer in
            var present = 0
            // Each value goes from the request's bytes into the entry: no `String` unless a secret is replaced.
            for index in signedHeaders.indices {
                guard var value = request.headers[signedHeaders[index].lookup] else { continue }
                present += 1
                writer.text(signedHeaders[index].lookup.name)
                if signedHeaders[index].isAuthorization {
                    CanonicalRequest.withMasked(authorization: value) { writer.text($0, replacing: replacements) }
                } else {
                    value.withUTF8 { writer.text($0, replacing: replacements) }
                }
            }
            return present
        }
    }

    private static func text(_ value: JSONValue) -> [UInt8] {
        var text: [UInt8] = []
        JSONWriter.write(value, into: &text)
        return text
    }

    /// The query and body parameters (none when the body cannot be read: the code says why), with
    /// the values `SensitiveValues` hides replaced; their texts and the token are added to `hidden`.
    private func parameters(of request: HTTPRequest, hiding hidden: inout [String]) -> JSONObject {
        guard request.query != nil || !request.body.isEmpty else { return JSONObject() }
        let signable = SignableRequest(method: request.method, target: request.target, headers: request.headers, body: request.body)
        guard let parameters = try? canonicalizer.parameters(of: signable) else { return JSONObject() }
        let authorization = signedHeaders.first(where: \.isAuthorization).flatMap { request.headers[$0.lookup] }
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
