import JSON

/// A string with `{{…}}` expressions, parsed (and so checked) when the stub is created:
/// `"Order {{path.id}} at {{now.ms}}"`. There is no code: an expression names a value, with an
/// optional offset, fallback and conversion (docs/contract-testing.md "Templates").
public struct Template: Sendable {
    private enum Piece: Sendable {
        case text(String)
        case expression(TemplateExpression)
    }

    private let pieces: [Piece]

    /// The template `text`; throws the rule it breaks with its position (from 1, in characters).
    public init(_ text: String) throws(DefinitionError) {
        guard text.utf8.count <= TemplateLimits.maxTemplateBytes else {
            throw DefinitionError(field: "", rule: "is longer than \(TemplateLimits.maxTemplateBytes) bytes (a template's bound)")
        }
        var pieces: [Piece] = []
        let characters = Array(text)
        var literal = ""
        var index = 0
        while index < characters.count {
            if characters[index] == "{", index + 1 < characters.count, characters[index + 1] == "{" {
                guard let close = Self.closing(characters, from: index + 2) else {
                    throw DefinitionError(field: "", rule: "has '{{' without '}}' at position \(index + 1)")
                }
                if !literal.isEmpty { pieces.append(.text(literal)); literal = "" }
                var parser = TemplateExpressionParser(characters[(index + 2)..<close], start: index + 3)
                pieces.append(.expression(try parser.parse()))
                index = close + 2
            } else {
                literal.append(characters[index])
                index += 1
            }
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        self.pieces = pieces
    }

    /// Whether the text has no expression (it is answered as it is).
    public var isLiteral: Bool { !pieces.contains { if case .expression = $0 { true } else { false } } }

    /// The rendered text.
    public func render(in context: inout TemplateContext, field: String) throws(TemplateRenderError) -> String {
        var output = ""
        for piece in pieces {
            switch piece {
            case .text(let text): output += text
            case .expression(let expression): output += expression.text(in: &context) ?? ""
            }
        }
        try context.spend(output.utf8.count, field: field)
        return output
    }

    /// The rendered value for a JSON string: a string that is one expression alone keeps that
    /// expression's type (`"{{sequence}}"` is a number); any other string is text.
    public func renderValue(in context: inout TemplateContext, field: String) throws(TemplateRenderError) -> JSONValue {
        guard pieces.count == 1, case .expression(let expression) = pieces[0] else {
            return .string(try render(in: &context, field: field))
        }
        let value = expression.value(in: &context)
        try context.spend(value.parameterText.utf8.count, field: field)
        return value
    }

    private static func closing(_ characters: [Character], from start: Int) -> Int? {
        var index = start
        while index + 1 < characters.count {
            if characters[index] == "}" && characters[index + 1] == "}" { return index }
            index += 1
        }
        return nil
    }
}

extension TemplateContext {
    /// Takes `bytes` from the output bound; throws when it runs out.
    mutating func spend(_ bytes: Int, field: String) throws(TemplateRenderError) {
        remainingBytes -= bytes
        guard remainingBytes >= 0 else {
            throw TemplateRenderError(field: field, reason: "produces more than \(TemplateLimits.maxOutputBytes) bytes (the templates' output bound)")
        }
    }
}
