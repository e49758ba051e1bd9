import JSON

/// Reads one operation object of a document into an `OpenAPIOperation`, collecting what cannot
/// be read as problems.
struct OperationReader {
    let document: OpenAPIDocument
    private(set) var problems: [OpenAPIProblem] = []

    init(document: OpenAPIDocument) {
        self.document = document
    }

    /// The operation `value` at `pointer`, mounted at `path`; nil (and a problem) when it cannot be.
    mutating func read(_ value: JSONValue, pathItem: JSONValue, method: String, path: String, at pointer: JSONPointer) -> OpenAPIOperation? {
        let template: PathTemplate
        do {
            template = try PathTemplate(path)
        } catch {
            problems.append(OpenAPIProblem(pointer: pointer, rule: "path \(path) \(error.rule)"))
            return nil
        }
        let parameters = readParameters(pathItem["parameters"], at: JSONPointer(tokens: Array(pointer.tokens.dropLast())).appending("parameters"))
            + readParameters(value["parameters"], at: pointer.appending("parameters"))
        let body = value["requestBody"].flatMap(document.resolved)
        let bodySchema = body.flatMap(Self.jsonMediaType)?["schema"]
        let (status, response) = successResponse(value["responses"])
        return OpenAPIOperation(method: method.uppercased(), path: template, operationID: value["operationId"]?.stringValue,
                                pointer: pointer, status: status, examples: examples(response), parameters: Self.overriding(parameters),
                                bodySchema: bodySchema, bodyRequired: body?["required"]?.boolValue ?? false, document: document)
    }

    private mutating func readParameters(_ value: JSONValue?, at pointer: JSONPointer) -> [OpenAPIOperation.Parameter] {
        var parameters: [OpenAPIOperation.Parameter] = []
        for (index, element) in (value?.arrayValue ?? []).enumerated() {
            guard let parameter = document.resolved(element), let name = parameter["name"]?.stringValue,
                  let location = parameter["in"]?.stringValue else {
                problems.append(OpenAPIProblem(pointer: pointer.appending(String(index)), rule: "must have a 'name' and an 'in'"))
                continue
            }
            parameters.append(OpenAPIOperation.Parameter(name: name, location: location,
                                                         required: parameter["required"]?.boolValue ?? (location == "path"),
                                                         schema: parameter["schema"]))
        }
        return parameters
    }

    /// An operation's parameter replaces its path item's of the same name and place.
    private static func overriding(_ parameters: [OpenAPIOperation.Parameter]) -> [OpenAPIOperation.Parameter] {
        var result: [OpenAPIOperation.Parameter] = []
        for parameter in parameters.reversed() where !result.contains(where: { $0.name == parameter.name && $0.location == parameter.location }) {
            result.insert(parameter, at: 0)
        }
        return result
    }

    /// The lowest 2xx response (or `default`, as 200) and its status.
    private func successResponse(_ responses: JSONValue?) -> (Int, JSONValue?) {
        let objects = responses?.objectValue ?? JSONObject()
        let success = objects.compactMap { key, value in Int(key).flatMap { (200...299).contains($0) ? ($0, value) : nil } }.min { $0.0 < $1.0 }
        if let success { return (success.0, document.resolved(success.1)) }
        return (200, objects["default"].flatMap(document.resolved))
    }

    /// A response's examples: its JSON media type's `examples` (by name), else its `example`, else
    /// one made from its schema.
    private func examples(_ response: JSONValue?) -> [(name: String, value: JSONValue)] {
        guard let media = response.flatMap(Self.jsonMediaType) else { return [] }
        if let named = media["examples"]?.objectValue, !named.isEmpty {
            return named.compactMap { name, example in document.resolved(example)?["value"].map { (name, $0) } }
        }
        if let example = media["example"] { return [("example", example)] }
        guard let schema = media["schema"] else { return [] }
        return [("schema", SchemaSampler(document: document).sample(schema))]
    }

    /// The media type object for JSON of a request body or response (`application/json`, else
    /// another `…json` type, else nil).
    static func jsonMediaType(_ holder: JSONValue) -> JSONValue? {
        guard let content = holder["content"]?.objectValue else { return nil }
        if let json = content["application/json"] { return json }
        return content.first { $0.key.hasSuffix("json") }?.value
    }
}
