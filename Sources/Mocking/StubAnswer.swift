import JSON

/// What a stub answers, before the envelope dialect names its keys: the code (nil: the
/// dialect's success code), the message (nil: the code's usual one), the data, the HTTP status
/// (nil: the dialect's policy) and extra headers.
public struct StubAnswer: Sendable, Equatable {
    public var code: Int?
    public var message: String?
    public var data: JSONValue
    public var httpStatus: Int?
    public var headers: [StubHeader]

    /// An answer.
    public init(code: Int?, message: String? = nil, data: JSONValue = .null, httpStatus: Int? = nil, headers: [StubHeader] = []) {
        self.code = code
        self.message = message
        self.data = data
        self.httpStatus = httpStatus
        self.headers = headers
    }
}

/// One header of a stub's answer.
public struct StubHeader: Sendable, Equatable {
    public let name: String
    public let value: String
}

/// The templates of a stub's answer, parsed when the stub is created.
public struct StubResponse: Sendable {
    /// The fields of `response`.
    static let fields = ["code", "message", "data", "http_status", "headers"]

    let code: NumberTemplate?
    let message: Template?
    let data: JSONTemplate
    let httpStatus: NumberTemplate?
    let headers: [(String, Template)]

    /// The response described by `reader`'s members (`code`, `message`, `data`, `http_status`, `headers`).
    init(_ reader: DefinitionReader) throws(DefinitionError) {
        code = try NumberTemplate(reader, "code", in: -999_999_999...999_999_999)
        message = try reader.string("message").map { (text) throws(DefinitionError) in try Self.template(text, at: reader.field("message")) }
        data = try JSONTemplate(reader.value("data") ?? .null, at: reader.field("data"))
        httpStatus = try NumberTemplate(reader, "http_status", in: 200...599)
        var headers: [(String, Template)] = []
        for (name, value) in try reader.object("headers") ?? JSONObject() {
            let field = DefinitionReader.join(reader.field("headers"), name)
            guard !name.isEmpty, name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }) else {
                throw DefinitionError(field: field, rule: "is not a valid header name")
            }
            guard case .string(let text) = value else { throw DefinitionError(field: field, rule: "must be a string") }
            headers.append((name, try Self.template(text, at: field)))
        }
        self.headers = headers
    }

    /// The answer in `context`.
    public func render(in context: inout TemplateContext) throws(TemplateRenderError) -> StubAnswer {
        let data = try self.data.render(in: &context, field: "data")
        var rendered: [StubHeader] = []
        for (name, template) in headers {
            let value = try template.render(in: &context, field: "headers.\(name)")
            // A value that would split the header block is cut at its first control character.
            rendered.append(StubHeader(name: name, value: String(value.prefix { !$0.isNewline && !Self.isControl($0) })))
        }
        return StubAnswer(code: try code?.render(in: &context, field: "code"),
                          message: try message?.render(in: &context, field: "message"), data: data,
                          httpStatus: try httpStatus?.render(in: &context, field: "http_status"), headers: rendered)
    }

    private static func isControl(_ character: Character) -> Bool {
        character.asciiValue.map { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F } ?? false
    }

    static func template(_ text: String, at field: String) throws(DefinitionError) -> Template {
        do {
            return try Template(text)
        } catch {
            throw DefinitionError(field: field, rule: error.rule)
        }
    }
}

/// A whole number given as a number or as a template that renders one, in a range.
struct NumberTemplate: Sendable {
    private let constant: Int?
    private let template: Template?
    private let range: ClosedRange<Int>

    /// The member `name` of `reader`, or nil when absent.
    init?(_ reader: DefinitionReader, _ name: String, in range: ClosedRange<Int>) throws(DefinitionError) {
        guard let value = reader.value(name) else { return nil }
        self.range = range
        if case .string(let text) = value {
            let template = try StubResponse.template(text, at: reader.field(name))
            guard !template.isLiteral else {
                throw DefinitionError(field: reader.field(name), rule: "must be a whole number from \(range.lowerBound) to \(range.upperBound), or a template")
            }
            self.template = template
            constant = nil
        } else {
            constant = try reader.integer(name, in: range)
            template = nil
        }
    }

    func render(in context: inout TemplateContext, field: String) throws(TemplateRenderError) -> Int {
        if let constant { return constant }
        let text = try template?.render(in: &context, field: field) ?? ""
        guard let number = Int(text), range.contains(number) else {
            throw TemplateRenderError(field: field, reason: "was '\(text)', not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}
