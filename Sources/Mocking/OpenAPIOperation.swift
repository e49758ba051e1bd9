import JSON

/// One operation of an imported OpenAPI document, answered like a stub: its request is checked
/// against its parameters and JSON body schema, and it answers the example of its success
/// response (the first, or the one named by `X-Countersign-Example`), or a value made from the
/// schema when it has none.
public struct OpenAPIOperation: Sendable {
    /// The header that names an example.
    public static let exampleHeader = "X-Countersign-Example"

    /// One parameter (`in`: query, header, path or cookie).
    struct Parameter: Sendable {
        let name: String
        let location: String
        let required: Bool
        let schema: JSONValue?
    }

    /// The method, uppercase.
    public let method: String
    /// The path, mounted under the import's prefix.
    public let path: PathTemplate
    /// The `operationId`, when the document gives one.
    public let operationID: String?
    /// Where the operation is in the document.
    public let pointer: JSONPointer
    /// The success response's status (200 for `default`).
    public let status: Int
    /// The examples of the success response, in order: named ones, or one named `example`, or
    /// one named `schema` (made from the schema); empty for a response without content.
    public let examples: [(name: String, value: JSONValue)]
    let parameters: [Parameter]
    /// The JSON body's schema, when the operation takes one.
    let bodySchema: JSONValue?
    let bodyRequired: Bool
    let document: OpenAPIDocument

    /// The first rule `request` breaks (a parameter, then the body); nil when it passes.
    public func violation(in request: MockRequest, pathParameters: [String: String]) -> SchemaViolation? {
        let validator = SchemaValidator(document: document)
        for parameter in parameters {
            let values: [String]
            switch parameter.location {
            case "path": values = pathParameters[parameter.name].map { [$0] } ?? []
            case "query": values = request.parameterValues(parameter.name)
            case "header": values = request.header(parameter.name).map { [$0] } ?? []
            default: continue
            }
            guard !values.isEmpty else {
                if parameter.required { return SchemaViolation(location: parameter.name, keyword: "required", rule: "is required") }
                continue
            }
            guard let schema = parameter.schema else { continue }
            let value = Self.coerced(values, schema: document.resolved(schema) ?? schema)
            if let violation = validator.violation(of: value, against: schema, at: parameter.name) { return violation }
        }
        guard let bodySchema else { return nil }
        guard let body = request.jsonBody else {
            return bodyRequired ? SchemaViolation(location: "body", keyword: "required", rule: "is required (a JSON body)") : nil
        }
        return validator.violation(of: body, against: bodySchema, at: "body")
    }

    /// The example named `name` (the first when nil); a violation of `X-Countersign-Example` when
    /// there is no example of that name. Null for a response without content.
    public func example(named name: String?) -> Result<JSONValue, SchemaViolation> {
        guard let name else { return .success(examples.first?.value ?? .null) }
        guard let found = examples.first(where: { $0.name == name }) else {
            let names = examples.map(\.name).joined(separator: ", ")
            return .failure(SchemaViolation(location: Self.exampleHeader, keyword: "enum",
                                            rule: examples.isEmpty ? "names an example, but the operation has none" : "must be one of \(names)"))
        }
        return .success(found.value)
    }

    /// A parameter's text as the JSON its schema expects: a number, a boolean, or an array (the
    /// repeated values, or one value split at commas); text that does not convert stays text, so
    /// the type check names it.
    static func coerced(_ values: [String], schema: JSONValue) -> JSONValue {
        if schema["type"]?.stringValue == "array" {
            let elements = values.count == 1 ? values[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init) : values
            let items = schema["items"] ?? .null
            return .array(elements.map { coerced([$0], schema: items) })
        }
        let text = values[0]
        switch schema["type"]?.stringValue {
        case "integer", "number": return JSONNumber(text: text).map(JSONValue.number) ?? .string(text)
        case "boolean": return text == "true" ? .bool(true) : text == "false" ? .bool(false) : .string(text)
        default: return .string(text)
        }
    }
}
