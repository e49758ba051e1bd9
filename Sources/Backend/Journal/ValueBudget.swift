import JSON

/// Bounds how much of a request's values a journal entry keeps, so that an entry stays small
/// whatever the request carried. A string or member name longer than `longestString` bytes is
/// cut and ends with `…(N bytes)`, its full length; once the budget is spent, an array or object
/// keeps the elements that fit and ends with `…(N more)`, how many it left out.
struct ValueBudget {
    /// Longer strings are cut to this many bytes.
    static let longestString = 4096

    /// The bytes still to spend.
    private var remaining: Int

    /// A budget of about `bytes` bytes of JSON (strings counted in UTF-8 with their quotes, and
    /// the separators; escapes not counted).
    init(bytes: Int) {
        remaining = bytes
    }

    /// `value` in what is left of the budget.
    mutating func bounded(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text):
            return .string(spend(text))
        case .array(let elements):
            var kept: [JSONValue] = []
            for (index, element) in elements.enumerated() {
                guard remaining > 0 else {
                    kept.append(.string(Self.omitted(elements.count - index)))
                    break
                }
                remaining -= 1
                kept.append(bounded(element))
            }
            return .array(kept)
        case .object(let object):
            var kept: [(String, JSONValue)] = []
            for (index, member) in object.enumerated() {
                guard remaining > 0 else {
                    kept.append(("…", .string(Self.omitted(object.count - index))))
                    break
                }
                remaining -= 2
                let name = spend(member.key)
                kept.append((name, bounded(member.value)))
            }
            return .object(JSONObject(kept))
        case .number(let number):
            // A number as long as a page of digits is shown as a cut string.
            guard number.text.utf8.count <= Self.longestString else { return .string(spend(number.text)) }
            remaining -= number.text.utf8.count
            return value
        case .null, .bool:
            remaining -= 5
            return value
        }
    }

    /// `text`, shortened to the budget, which it spends.
    private mutating func spend(_ text: String) -> String {
        let kept = Self.shortened(text, toAtMost: min(Self.longestString, max(remaining, 0)))
        remaining -= kept.utf8.count + 2
        return kept
    }

    /// `text`, or its first `limit` bytes (whole characters) and `…(N bytes)`.
    static func shortened(_ text: String, toAtMost limit: Int = longestString) -> String {
        let length = text.utf8.count
        guard length > limit else { return text }
        var kept = ""
        var bytes = 0
        for character in text {
            bytes += character.utf8.count
            if bytes > limit { break }
            kept.append(character)
        }
        return kept + "…(\(length) bytes)"
    }

    private static func omitted(_ count: Int) -> String { "…(\(count) more)" }
}
