import JSON

extension ParameterValue {
    /// The value with its numbers written the other way Swift and the encoders disagree on:
    /// integers as Swift prints a `Double` (`2` → `2.0`, `10000000000000000` → `1e+16`) and whole
    /// doubles as integers (`2.0` → `2`). Nil when no number changes.
    var reformattedNumbers: ParameterValue? {
        switch self {
        case .text(let text):
            return JSONNumber(text: text).flatMap(Self.reformatted).map(ParameterValue.text)
        case .json(.number(let number)):
            return Self.reformatted(number).flatMap { JSONNumber(text: $0) }.map { .json(.number($0)) }
        case .list(let elements):
            let reformatted = elements.map(\.reformattedNumbers)
            guard reformatted.contains(where: { $0 != nil }) else { return nil }
            return .list(zip(elements, reformatted).map { $1 ?? $0 })
        case .json:
            return nil
        }
    }

    private static func reformatted(_ number: JSONNumber) -> String? {
        guard let double = number.doubleValue else { return nil }
        if number.isInteger { return double.description }
        guard let int = Int64(exactly: double) else { return nil }
        return String(int)
    }

    /// Query and form text as Alamofire escapes it on the wire; nil for JSON values.
    var percentEncoded: ParameterValue? {
        switch self {
        case .text(let text): .text(PercentEncoding.escape(text))
        case .list(let elements): .list(elements.map { $0.percentEncoded ?? $0 })
        case .json: nil
        }
    }
}
