import JSON

/// Finds the examples of a document that break their own schema: a media type's `example` and
/// `examples.*.value` against its `schema`, and every schema's `example` (under
/// `components/schemas`, through `properties`, `items` and `allOf`) against the schema itself.
struct ExampleChecker {
    let document: OpenAPIDocument

    /// Every example that breaks its schema, with its pointer.
    func problems() -> [OpenAPIProblem] {
        var problems: [OpenAPIProblem] = []
        for (name, schema) in document.root["components"]?["schemas"]?.objectValue ?? JSONObject() {
            checkSchema(schema, at: JSONPointer(tokens: ["components", "schemas", name]), into: &problems, depth: 0)
        }
        for (path, item) in document.root["paths"]?.objectValue ?? JSONObject() {
            for method in OpenAPIImport.methods {
                guard let operation = item[method] else { continue }
                let pointer = JSONPointer(tokens: ["paths", path, method])
                if let body = operation["requestBody"], body["$ref"] == nil {
                    checkContent(body, at: pointer.appending("requestBody"), into: &problems)
                }
                for (status, response) in operation["responses"]?.objectValue ?? JSONObject() where response["$ref"] == nil {
                    checkContent(response, at: pointer.appending("responses").appending(status), into: &problems)
                }
            }
        }
        return problems
    }

    private func checkContent(_ holder: JSONValue, at pointer: JSONPointer, into problems: inout [OpenAPIProblem]) {
        let validator = SchemaValidator(document: document)
        for (type, media) in holder["content"]?.objectValue ?? JSONObject() {
            guard let schema = media["schema"] else { continue }
            let mediaPointer = pointer.appending("content").appending(type)
            var examples: [(JSONPointer, JSONValue)] = media["example"].map { [(mediaPointer.appending("example"), $0)] } ?? []
            for (name, example) in media["examples"]?.objectValue ?? JSONObject() {
                if let value = document.resolved(example)?["value"] { examples.append((mediaPointer.appending("examples").appending(name).appending("value"), value)) }
            }
            for (examplePointer, value) in examples {
                if let violation = validator.violation(of: value, against: schema, at: "example") {
                    problems.append(OpenAPIProblem(pointer: examplePointer, rule: "breaks its schema: \(violation)"))
                }
            }
        }
    }

    private func checkSchema(_ schema: JSONValue, at pointer: JSONPointer, into problems: inout [OpenAPIProblem], depth: Int) {
        guard depth < SchemaValidator.maxDepth, case .object = schema, schema["$ref"] == nil else { return }
        if let example = schema["example"], let violation = SchemaValidator(document: document).violation(of: example, against: schema, at: "example") {
            problems.append(OpenAPIProblem(pointer: pointer.appending("example"), rule: "breaks its schema: \(violation)"))
        }
        for (name, property) in schema["properties"]?.objectValue ?? JSONObject() {
            checkSchema(property, at: pointer.appending("properties").appending(name), into: &problems, depth: depth + 1)
        }
        if let items = schema["items"] { checkSchema(items, at: pointer.appending("items"), into: &problems, depth: depth + 1) }
        for (index, part) in (schema["allOf"]?.arrayValue ?? []).enumerated() {
            checkSchema(part, at: pointer.appending("allOf").appending(String(index)), into: &problems, depth: depth + 1)
        }
    }
}
