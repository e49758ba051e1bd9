import JSON

/// An RFC 6901 JSON Pointer: `/items/0/id` names the `id` of the first element of `items`; `~1`
/// stands for `/` and `~0` for `~` in a token; the empty pointer names the whole document.
public struct JSONPointer: Sendable, Equatable, CustomStringConvertible {
    /// The reference tokens, unescaped.
    public let tokens: [String]

    /// The pointer `text` (`/a/b`, or `#/a/b` as in a `$ref`, whose tokens may be percent-encoded).
    public init(_ text: String) throws(DefinitionError) {
        var body = Substring(text)
        let isFragment = body.hasPrefix("#")
        if isFragment { body = body.dropFirst() }
        guard !body.isEmpty else { tokens = []; return }
        guard body.hasPrefix("/") else { throw DefinitionError(field: "", rule: "must be a JSON Pointer starting with '/' (RFC 6901)") }
        var tokens: [String] = []
        for raw in body.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let decoded = isFragment ? Self.percentDecoded(raw) : String(raw)
            tokens.append(try Self.unescaped(decoded))
        }
        self.tokens = tokens
    }

    /// A pointer with `tokens`.
    public init(tokens: [String]) { self.tokens = tokens }

    /// This pointer followed by `token`.
    public func appending(_ token: String) -> JSONPointer { JSONPointer(tokens: tokens + [token]) }

    /// The value this pointer names in `document`, or nil when it names nothing.
    public func resolve(in document: JSONValue) -> JSONValue? {
        var current = document
        for token in tokens {
            switch current {
            case .object(let object):
                guard let member = object[token] else { return nil }
                current = member
            case .array(let elements):
                // RFC 6901: a decimal index without leading zeros.
                guard let index = Int(token), String(index) == token, elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The pointer written as in a `$ref`: `#/paths/~1pet/get`.
    public var description: String {
        "#" + tokens.map { "/" + Self.escaped($0) }.joined()
    }

    private static func escaped(_ token: String) -> String {
        var result = ""
        for character in token {
            switch character {
            case "~": result += "~0"
            case "/": result += "~1"
            default: result.append(character)
            }
        }
        return result
    }

    private static func unescaped(_ token: String) throws(DefinitionError) -> String {
        guard token.contains("~") else { return token }
        var result = ""
        var iterator = token.makeIterator()
        while let character = iterator.next() {
            guard character == "~" else { result.append(character); continue }
            switch iterator.next() {
            case "0": result.append("~")
            case "1": result.append("/")
            default: throw DefinitionError(field: "", rule: "has a '~' not followed by 0 or 1 (RFC 6901 escapes)")
            }
        }
        return result
    }

    private static func percentDecoded(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
