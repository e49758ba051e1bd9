import JSON
import Signing

extension JournalEntryBuilder {
    /// The entry's `answer`: `{"content_type", "bytes", "body"}`, the body a JSON value for a JSON
    /// answer, else its text; secrets masked as a recorded stub masks them (sensitive member names,
    /// the request's hidden values and token, the apps' secrets). A body larger than the journal
    /// keeps, or not text, is left out and `omitted` says why.
    static func json(of answer: JournalAnswer, _ replacements: [TextReplacement]) -> JSONValue {
        var object = JSONObject()
        object["content_type"] = answer.contentType.map(JSONValue.string) ?? .null
        object["bytes"] = .number(JSONNumber(answer.bytes))
        guard let body = answer.body else {
            object["omitted"] = .string("larger than --journal-answer-bytes")
            return .object(object)
        }
        let isJSON = answer.contentType.map { $0.lowercased().contains("json") } ?? false
        if isJSON, let value = try? JSONParser.parse(body) {
            object["body"] = redacting(SensitiveValues.masked(value, hiding: []), replacements)
        } else if let text = String(validating: body, as: UTF8.self) {
            object["body"] = redacting(.string(text), replacements)
        } else {
            object["omitted"] = .string("not text")
        }
        return .object(object)
    }
}
