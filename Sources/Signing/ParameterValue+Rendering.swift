import JSON

extension ParameterValue {
    /// Exactly what Swift's `"\(value)"` printed on the client for this value (SIGNING.md
    /// "Value rendering"): query/form text as is; a JSON string's text; `true`/`false`; a JSON
    /// integer in decimal; any other JSON number as Swift's shortest round-trip `Double`
    /// (`1.5`, `0.1`, `1e+16`, and `2.0` for a JSON `2.0`); arrays as Swift's array description
    /// (`["a", "b c"]`, `[1, 2]`).
    ///
    /// JSON objects and `null` have no reliable client rendering (see `unsignableReason`); they are
    /// rendered as their JSON text for display only.
    public var rendered: String {
        switch self {
        case .text(let text): text
        case .json(.string(let string)): string
        case .json(.bool(let bool)): bool ? "true" : "false"
        case .json(.number(let number)): Self.render(number)
        case .json(.array(let elements)): ParameterValue(member: .array(elements)).rendered
        case .json(let value): JSONWriter.serialize(value)
        case .list(let elements): "[" + elements.map(\.elementDescription).joined(separator: ", ") + "]"
        }
    }

    /// How the value prints inside a Swift array description: strings as their debug description
    /// (quoted, escaped), everything else as rendered.
    private var elementDescription: String {
        switch self {
        case .text(let text), .json(.string(let text)): text.debugDescription
        case .json, .list: rendered
        }
    }

    /// An `Int` on the client when the text is an integer that fits, otherwise a `Double`.
    private static func render(_ number: JSONNumber) -> String {
        if number.isInteger, let int = Int64(number.text) { return String(int) }
        guard let double = Double(number.text) else { return number.text }
        return double.description
    }

    /// Why the value cannot be signed reliably, or nil when it can.
    var unsignableReason: String? {
        switch self {
        case .text, .json(.string), .json(.bool), .json(.number): nil
        case .json(.null): "null has no reliable rendering on the client; omit the parameter instead"
        case .json(.object): "a JSON object renders in random key order on the client; send its fields as separate parameters"
        case .json(.array(let elements)): ParameterValue(member: .array(elements)).unsignableReason
        case .list(let elements): elements.lazy.compactMap(\.unsignableReason).first
        }
    }
}
