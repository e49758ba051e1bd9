import JSON

/// One `{{…}}` of a template, parsed: where its value comes from, an offset for a number, a
/// fallback for a missing value, and whether it is written as a JSON number (docs/contract-testing.md
/// "Templates").
struct TemplateExpression: Sendable {
    /// Where the value comes from.
    enum Source: Sendable {
        case pathParameter(String)
        case parameter(String)
        case header(String)
        case body(JSONPointer)
        case user(String)
        case nowSeconds
        case nowMilliseconds
        case uuid
        case sequence
        case index
        case randomInteger(Int64, Int64)
        case randomHex(Int)
        case literal(String)

        /// Whether the value is a number (so a string holding only this expression becomes one).
        var isNumeric: Bool {
            switch self {
            case .nowSeconds, .nowMilliseconds, .sequence, .index, .randomInteger: true
            default: false
            }
        }
    }

    let source: Source
    /// Added to a numeric value (`now + 3600`).
    let offset: Int64
    /// The text used when the value is missing (`param.page or 1`).
    let fallback: String?
    /// Whether the value is converted to a JSON number (`| number`).
    let convertsToNumber: Bool

    /// The value in `context`: its text, or nil when the request has no such value.
    func text(in context: inout TemplateContext) -> String? {
        switch source {
        case .pathParameter(let name): return context.pathParameters[name] ?? fallback
        case .parameter(let name): return context.request.parameter(name) ?? fallback
        case .header(let name): return context.request.header(name) ?? fallback
        case .body(let pointer): return context.request.jsonBody.flatMap(pointer.resolve)?.parameterText ?? fallback
        case .user(let field): return context.user?[field]?.parameterText ?? fallback
        case .literal(let text): return text
        case .uuid: return context.random.uuid()
        case .randomHex(let count): return context.random.hexDigits(count)
        case .nowSeconds, .nowMilliseconds, .sequence, .index, .randomInteger:
            return number(in: &context).map(String.init) ?? fallback
        }
    }

    /// The value of a numeric source, with the offset.
    private func number(in context: inout TemplateContext) -> Int64? {
        let base: Int64?
        switch source {
        case .nowSeconds: base = context.nowMilliseconds / 1000
        case .nowMilliseconds: base = context.nowMilliseconds
        case .sequence: base = Int64(context.sequence)
        case .index: base = context.index.map(Int64.init)
        case .randomInteger(let low, let high): base = Int64.random(in: low...high, using: &context.random)
        default: base = nil
        }
        return base.map { $0.addingReportingOverflow(offset).partialValue }
    }

    /// The value as JSON: a number for a numeric source or `| number` (null when the text is not
    /// a number), a string otherwise.
    func value(in context: inout TemplateContext) -> JSONValue {
        let text = self.text(in: &context)
        guard source.isNumeric || convertsToNumber else { return .string(text ?? "") }
        guard let text, let number = JSONNumber(text: text) else { return .null }
        return .number(number)
    }
}
