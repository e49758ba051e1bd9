import JSON

/// A JSON value whose strings may be templates, and whose objects may be a `$repeat`:
/// `{"$repeat": "{{param.size or 3}}", "item": {"id": "{{index + 1}}"}}` makes an array of that
/// many items (at most `TemplateLimits.maxRepeat`), each rendered with its `index` from 0.
public indirect enum JSONTemplate: Sendable {
    case literal(JSONValue)
    case string(Template)
    case array([JSONTemplate])
    case object([(String, JSONTemplate)])
    case repeated(count: Template, item: JSONTemplate)

    /// The template of `value`, at `field`; every template in it is parsed and checked now.
    public init(_ value: JSONValue, at field: String) throws(DefinitionError) {
        switch value {
        case .string(let text):
            let template: Template
            do {
                template = try Template(text)
            } catch {
                throw DefinitionError(field: field, rule: error.rule)
            }
            self = template.isLiteral ? .literal(value) : .string(template)
        case .array(let elements):
            var items: [JSONTemplate] = []
            for (index, element) in elements.enumerated() { items.append(try JSONTemplate(element, at: "\(field)[\(index)]")) }
            self = items.allSatisfy(\.isLiteral) ? .literal(value) : .array(items)
        case .object(let object) where object["$repeat"] != nil:
            let reader = try DefinitionReader(value, at: field, allowed: ["$repeat", "item"])
            guard let item = reader.value("item") else { throw DefinitionError(field: reader.field("item"), rule: "is required with $repeat") }
            let count: Template
            do {
                count = try Template(reader.value("$repeat")?.parameterText ?? "")
            } catch {
                throw DefinitionError(field: reader.field("$repeat"), rule: error.rule)
            }
            self = .repeated(count: count, item: try JSONTemplate(item, at: reader.field("item")))
        case .object(let object):
            var members: [(String, JSONTemplate)] = []
            for (key, member) in object { members.append((key, try JSONTemplate(member, at: DefinitionReader.join(field, key)))) }
            self = members.allSatisfy(\.1.isLiteral) ? .literal(value) : .object(members)
        default:
            self = .literal(value)
        }
    }

    /// The rendered value.
    public func render(in context: inout TemplateContext, field: String) throws(TemplateRenderError) -> JSONValue {
        switch self {
        case .literal(let value): return value
        case .string(let template): return try template.renderValue(in: &context, field: field)
        case .array(let items):
            var values: [JSONValue] = []
            for (index, item) in items.enumerated() { values.append(try item.render(in: &context, field: "\(field)[\(index)]")) }
            return .array(values)
        case .object(let members):
            var rendered: [(String, JSONValue)] = []
            for (key, member) in members { rendered.append((key, try member.render(in: &context, field: DefinitionReader.join(field, key)))) }
            return .object(JSONObject(rendered))
        case .repeated(let countTemplate, let item):
            let text = try countTemplate.render(in: &context, field: field)
            guard let count = Int(text), (0...TemplateLimits.maxRepeat).contains(count) else {
                throw TemplateRenderError(field: "\(field).$repeat", reason: "was '\(text)', not a whole number from 0 to \(TemplateLimits.maxRepeat)")
            }
            let outer = context.index
            defer { context.index = outer }
            var values: [JSONValue] = []
            for index in 0..<count {
                context.index = index
                try context.spend(1, field: field)
                values.append(try item.render(in: &context, field: "\(field)[\(index)]"))
            }
            return .array(values)
        }
    }

    private var isLiteral: Bool { if case .literal = self { true } else { false } }
}
