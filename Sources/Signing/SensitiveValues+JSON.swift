import JSON

extension SensitiveValues {
    /// `value` with each member whose name is sensitive (`isSensitive(name:)`) set to the marker,
    /// and each of the `hidden` texts (those of at least `shortestContainedToken` bytes) replaced in
    /// every string: how an answer is shown where it is kept (a recorded stub, the journal).
    public static func masked(_ value: JSONValue, hiding hidden: [String]) -> JSONValue {
        switch value {
        case .object(let object):
            var masked = JSONObject()
            for key in object.keys where masked[key] == nil {
                guard let member = object[key] else { continue }
                masked[key] = isSensitive(name: key) ? .string(marker) : Self.masked(member, hiding: hidden)
            }
            return .object(masked)
        case .array(let elements):
            return .array(elements.map { masked($0, hiding: hidden) })
        case .string(let text):
            return .string(masked(text, hiding: hidden))
        case .null, .bool, .number:
            return value
        }
    }

    /// `text` with each of the `hidden` texts of at least `shortestContainedToken` bytes replaced by the marker.
    public static func masked(_ text: String, hiding hidden: [String]) -> String {
        hidden.filter { $0.count >= shortestContainedToken }.reduce(text) { text, secret in
            text.replacing(secret, with: marker)
        }
    }
}
