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

    /// How the value prints inside a Swift array or dictionary description: strings as their
    /// debug description (quoted, escaped), everything else as rendered.
    var elementDescription: String {
        switch self {
        case .text(let text), .json(.string(let text)): text.debugDescription
        case .json, .list: rendered
        }
    }

    /// The rendering of a query or form array whose elements are all decimal numbers as the
    /// client's `[Int]` or `[Double]` printed it (`[1, 2]`, where `rendered` is `["1", "2"]`): the
    /// wire does not carry the element type. Nil for any other value.
    var numericListRendering: String? {
        guard case .list(let elements) = self, !elements.isEmpty else { return nil }
        let numbers = elements.compactMap(\.decimalNumber)
        return numbers.count == elements.count ? ParameterValue.list(numbers).rendered : nil
    }

    /// A query or form text that is a decimal number (`7`, `-12`, `1.5`) as the number it may
    /// have been on the client; nil for any other value.
    var decimalNumber: ParameterValue? {
        guard case .text(let text) = self, Self.isDecimalNumber(text), let number = JSONNumber(text: text) else { return nil }
        return .json(.number(number))
    }

    /// Whether `text` is `-`, digits, then optionally `.` and digits: `7`, `-12`, `1.5`.
    private static func isDecimalNumber(_ text: String) -> Bool {
        let unsigned = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        let parts = unsigned.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        let isDigits = { (part: Substring.UTF8View.SubSequence) in
            !part.isEmpty && part.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        }
        return parts.allSatisfy(isDigits)
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
