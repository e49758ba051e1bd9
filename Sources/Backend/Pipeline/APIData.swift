import JSON

/// The envelope's `data` a handler answers: a value, or the JSON text of one written earlier (a
/// session's check-in status, answered again as it is for the rest of its day).
enum APIData {
    case value(JSONValue)
    /// A JSON value's text, spliced into the envelope as it is.
    case jsonText([UInt8])

    /// Adds the data to `body` as its member `name`.
    func add(to body: inout JSONObjectWriter, as name: JSONObjectWriter.MemberName) {
        switch self {
        case .value(let value): body.add(name, value)
        case .jsonText(let text): body.add(name, jsonText: text)
        }
    }
}
