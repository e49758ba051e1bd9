import Signing

/// Reads the inside of one `{{…}}`:
///
///     expression := source [("+" | "-") integer] ["or" literal] ["|" "number"]
///     source     := "now" | "now.s" | "now.ms" | "uuid" | "sequence" | "index"
///                 | "random.int" integer integer | "random.hex" integer
///                 | "path." name | "param." name | "header." name | "user." field
///                 | "body" pointer | literal
///     literal    := 'text' | "text" | integer
///
/// Errors give the position of the token, counted in characters of the whole template from 1.
struct TemplateExpressionParser {
    private struct Token {
        let text: String
        let position: Int
        let isQuoted: Bool
    }

    private var tokens: [Token] = []
    private var cursor = 0
    private let start: Int
    private var failure: DefinitionError?

    /// The parser of `characters`, which begin at position `start` of the template.
    init(_ characters: ArraySlice<Character>, start: Int) {
        self.start = start
        var index = characters.startIndex
        while index < characters.endIndex {
            let character = characters[index]
            let position = start + (index - characters.startIndex)
            if character == " " { index += 1; continue }
            if character == "'" || character == "\"" {
                guard let end = characters[(index + 1)...].firstIndex(of: character) else {
                    failure = DefinitionError(field: "", rule: "has an unterminated quote at position \(position)")
                    return
                }
                tokens.append(Token(text: String(characters[(index + 1)..<end]), position: position, isQuoted: true))
                index = end + 1
            } else if character == "+" || character == "-" || character == "|" {
                if character == "-", index + 1 < characters.endIndex, characters[index + 1].isNumber, Self.expectsArgument(tokens) {
                    let end = characters[(index + 1)...].firstIndex { !$0.isNumber } ?? characters.endIndex
                    tokens.append(Token(text: String(characters[index..<end]), position: position, isQuoted: false))
                    index = end
                } else {
                    tokens.append(Token(text: String(character), position: position, isQuoted: false))
                    index += 1
                }
            } else {
                let end = characters[index...].firstIndex { $0 == " " || $0 == "+" || $0 == "|" } ?? characters.endIndex
                tokens.append(Token(text: String(characters[index..<end]), position: position, isQuoted: false))
                index = end
            }
        }
    }

    /// The expression; throws the first rule it breaks.
    mutating func parse() throws(DefinitionError) -> TemplateExpression {
        if let failure { throw failure }
        guard let first = next() else { throw error("is an empty expression", at: start) }
        let source = try self.source(first)
        var offset: Int64 = 0
        if let sign = peek(), !sign.isQuoted, sign.text == "+" || sign.text == "-" {
            cursor += 1
            guard source.isNumeric else { throw error("can add an offset only to now, now.ms, sequence, index or random.int", at: sign.position) }
            let amount = try integer(after: sign)
            offset = sign.text == "-" ? -amount : amount
        }
        var fallback: String?
        if let word = peek(), !word.isQuoted, word.text == "or" {
            cursor += 1
            guard let value = next() else { throw error("needs a value after 'or'", at: word.position) }
            guard value.isQuoted || Int64(value.text) != nil else { throw error("needs a quoted text or a number after 'or'", at: value.position) }
            fallback = value.text
        }
        var convertsToNumber = false
        if let bar = peek(), !bar.isQuoted, bar.text == "|" {
            cursor += 1
            guard let name = next(), name.text == "number" else { throw error("knows only the conversion '| number'", at: bar.position) }
            convertsToNumber = true
        }
        if let extra = next() { throw error("has an unexpected '\(extra.text)'", at: extra.position) }
        return TemplateExpression(source: source, offset: offset, fallback: fallback, convertsToNumber: convertsToNumber)
    }

    private mutating func source(_ token: Token) throws(DefinitionError) -> TemplateExpression.Source {
        if token.isQuoted { return .literal(token.text) }
        if Int64(token.text) != nil { return .literal(token.text) }
        switch token.text {
        case "now", "now.s": return .nowSeconds
        case "now.ms": return .nowMilliseconds
        case "uuid": return .uuid
        case "sequence": return .sequence
        case "index": return .index
        case "random.int":
            let low = try integer(after: token)
            let high = try integer(after: token)
            guard low <= high else { throw error("needs its first number at most its second", at: token.position) }
            return .randomInteger(low, high)
        case "random.hex":
            let count = try integer(after: token)
            guard (1...Int64(TemplateLimits.maxHexDigits)).contains(count) else {
                throw error("draws 1 to \(TemplateLimits.maxHexDigits) digits", at: token.position)
            }
            return .randomHex(Int(count))
        default: break
        }
        if token.text.hasPrefix("body/") {
            let pointer: JSONPointer
            do {
                pointer = try JSONPointer(String(token.text.dropFirst(4)))
            } catch {
                throw self.error(error.rule, at: token.position)
            }
            try refuseSecret(pointer.tokens.last ?? "", token)
            return .body(pointer)
        }
        guard let dot = token.text.firstIndex(of: "."), token.text.index(after: dot) < token.text.endIndex else {
            throw error("has an unknown value '\(token.text)'", at: token.position)
        }
        let name = String(token.text[token.text.index(after: dot)...])
        switch token.text[..<dot] {
        case "path": return .pathParameter(name)
        case "param":
            try refuseSecret(name, token)
            return .parameter(name)
        case "header":
            try refuseSecret(name, token)
            return .header(name)
        case "user":
            guard TemplateLimits.userFields.contains(name) else {
                throw error("names an unknown user field '\(name)'; the fields are \(TemplateLimits.userFields.joined(separator: ", "))", at: token.position)
            }
            return .user(name)
        default: throw error("has an unknown value '\(token.text)'", at: token.position)
        }
    }

    /// Headers that carry credentials, besides the names `SensitiveValues` masks.
    private static let secretHeaders: Set<String> = ["authorization", "cookie", "proxy-authorization", "x-admin-token"]

    /// Refuses a value that is a secret by the one masking rule (`SensitiveValues`): an answer
    /// must not echo a password or a token.
    private func refuseSecret(_ name: String, _ token: Token) throws(DefinitionError) {
        guard SensitiveValues.isSensitive(name: name) || Self.secretHeaders.contains(name.lowercased()) else { return }
        throw error("names '\(name)', a secret an answer must not echo", at: token.position)
    }

    private mutating func integer(after token: Token) throws(DefinitionError) -> Int64 {
        guard let value = next() else { throw error("needs a whole number after '\(token.text)'", at: token.position) }
        guard !value.isQuoted, let number = Int64(value.text) else { throw error("needs a whole number, not '\(value.text)'", at: value.position) }
        return number
    }

    /// Whether a `-` starts a negative argument of `random.int` rather than an offset.
    private static func expectsArgument(_ tokens: [Token]) -> Bool {
        guard let last = tokens.last else { return false }
        if last.text == "random.int" { return true }
        return tokens.count >= 2 && Int64(last.text) != nil && tokens[tokens.count - 2].text == "random.int"
    }

    private func peek() -> Token? { cursor < tokens.count ? tokens[cursor] : nil }

    private mutating func next() -> Token? {
        defer { cursor += 1 }
        return peek()
    }

    private func error(_ rule: String, at position: Int) -> DefinitionError {
        DefinitionError(field: "", rule: "\(rule) (at position \(position))")
    }
}
