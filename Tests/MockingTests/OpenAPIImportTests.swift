import JSON
@testable import Mocking
import Testing

@Suite("OpenAPI import")
struct OpenAPIImportTests {
    private func petstore() throws -> OpenAPIImport {
        try OpenAPIImport(document: Fixture.bytes("petstore3.json"))
    }

    private func operation(_ id: String) throws -> OpenAPIOperation {
        try #require(petstore().operations.first { $0.operationID == id })
    }

    private func importing(_ json: String) -> OpenAPIImportError? {
        do {
            _ = try OpenAPIImport(document: Array(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test("Petstore: all 19 operations are mounted under its server path /api/v3, each with an example that passes its own schema")
    func everyOperation() throws {
        let imported = try petstore()
        #expect(imported.title == "Swagger Petstore - OpenAPI 3.0" && imported.prefix == "/api/v3")
        #expect(imported.operations.count == 19)
        #expect(imported.operations.first.map { "\($0.method) \($0.path.text)" } == "PUT /api/v3/pet")
        let withContent = imported.operations.filter { !$0.examples.isEmpty }
        // deletePet, deleteOrder, logoutUser, updateUser and deleteUser answer without content.
        #expect(imported.operations.count - withContent.count == 5)
        for operation in withContent {
            let example = try operation.example(named: nil).get()
            #expect(example != .null, "\(operation.operationID ?? "")")
        }
    }

    @Test("Petstore: getPetById answers its schema's examples; findPetsByStatus an array of them")
    func examples() throws {
        let pet = try operation("getPetById").example(named: nil).get()
        #expect(pet["id"] == 10 && pet["name"] == "doggie" && pet["category"] == ["id": 1, "name": "Dogs"])
        #expect(pet["status"] == "available" && pet["photoUrls"] == ["string"])
        let list = try operation("findPetsByStatus").example(named: nil).get()
        #expect(list.arrayValue?.first == pet)
        #expect(try operation("getOrderById").example(named: nil).get()["status"] == "approved")
        #expect(try operation("loginUser").example(named: nil).get() == "string")
        #expect(try operation("getPetById").path.match("/api/v3/pet/10") == ["petId": "10"])
    }

    @Test("Petstore: a request that breaks the schema is named with the parameter and the rule")
    func violations() throws {
        let byStatus = try operation("findPetsByStatus")
        let get = MockRequest(method: "GET", path: "/api/v3/pet/findByStatus")
        #expect(byStatus.violation(in: get, pathParameters: [:])?.description == "'status' is required (required)")
        var wrong = get
        wrong.query = [("status", "lost")]
        #expect(byStatus.violation(in: wrong, pathParameters: [:])?.description == "'status' must be one of available, pending, sold (enum)")
        wrong.query = [("status", "sold")]
        #expect(byStatus.violation(in: wrong, pathParameters: [:]) == nil)

        let byID = try operation("getPetById")
        #expect(byID.violation(in: MockRequest(method: "GET", path: "/api/v3/pet/x"), pathParameters: ["petId": "x"])?.description
            == "'petId' must be an integer (type)")

        let add = try operation("addPet")
        let post = MockRequest(method: "POST", path: "/api/v3/pet")
        #expect(add.violation(in: post, pathParameters: [:])?.description == "'body' is required (a JSON body) (required)")
        var body = post
        body.jsonBody = ["photoUrls": []]
        #expect(add.violation(in: body, pathParameters: [:])?.description == "'body.name' is required (required)")
        body.jsonBody = ["name": "Rex", "photoUrls": [], "tags": [["id": "one"]]]
        #expect(add.violation(in: body, pathParameters: [:])?.description == "'body.tags[0].id' must be an integer (type)")
        body.jsonBody = ["name": "Rex", "photoUrls": ["a"], "status": "available", "category": ["id": 2, "name": "Cats"]]
        #expect(add.violation(in: body, pathParameters: [:]) == nil)

        let byTags = try operation("findPetsByTags")
        let tags = MockRequest(method: "GET", path: "/api/v3/pet/findByTags", query: [("tags", "a"), ("tags", "b")])
        #expect(byTags.violation(in: tags, pathParameters: [:]) == nil)
    }

    @Test("the schema rules: lengths, bounds, patterns, item counts, closed objects, anyOf")
    func schemaRules() {
        let schema: JSONValue = ["type": "object", "additionalProperties": false, "properties": [
            "code": ["type": "string", "minLength": 2, "maxLength": 4, "pattern": "^[A-Z]+$"],
            "count": ["type": "integer", "minimum": 1, "maximum": 10],
            "ratio": ["type": "number", "minimum": 0, "exclusiveMinimum": true],
            "tags": ["type": "array", "minItems": 1, "maxItems": 2, "items": ["type": "string"]],
            "either": ["anyOf": [["type": "string"], ["type": "integer"]]],
        ]]
        let validator = SchemaValidator(document: OpenAPIDocument(root: nil))
        let cases: [(JSONValue, String?)] = [
            (["code": "AB", "count": 5, "ratio": 0.5, "tags": ["x"], "either": 3], nil),
            (["code": "A"], "'body.code' must be at least 2 characters long (minLength)"),
            (["code": "ABCDE"], "'body.code' must be at most 4 characters long (maxLength)"),
            (["code": "ab"], "'body.code' must match '^[A-Z]+$' (pattern)"),
            (["count": 0], "'body.count' must be at least 1 (minimum)"),
            (["count": 11], "'body.count' must be at most 10 (maximum)"),
            (["count": 1.5], "'body.count' must be an integer (type)"),
            (["ratio": 0], "'body.ratio' must be more than 0 (exclusiveMinimum)"),
            (["tags": []], "'body.tags' must have at least 1 items (minItems)"),
            (["tags": ["a", "b", "c"]], "'body.tags' must have at most 2 items (maxItems)"),
            (["tags": [1]], "'body.tags[0]' must be a string (type)"),
            (["either": true], "'body.either' must match one of its 2 schemas (anyOf)"),
            (["extra": 1], "'body.extra' is not a member the schema allows (additionalProperties)"),
            (["code": nil], "'body.code' must not be null (type)"),
        ]
        for (value, expected) in cases {
            #expect(validator.violation(of: value, against: schema, at: "body")?.description == expected, "\(value)")
        }
    }

    @Test("X-Countersign-Example picks a named example; an unknown name lists the names")
    func namedExamples() throws {
        let document = """
        {"openapi": "3.0.3", "info": {"title": "Shop", "version": "1"}, "paths": {"/orders": {"get": {"responses": {"200": {"content": {"application/json": {
          "schema": {"type": "array"}, "examples": {"empty": {"value": []}, "two": {"$ref": "#/components/examples/Two"}}}}}}}}},
         "components": {"examples": {"Two": {"value": [1, 2]}}}}
        """
        let orders = try #require(OpenAPIImport(document: Array(document.utf8)).operations.first)
        #expect(orders.path.text == "/api/orders")
        #expect(try orders.example(named: nil).get() == [])
        #expect(try orders.example(named: "two").get() == [1, 2])
        guard case .failure(let violation) = orders.example(named: "three") else {
            Issue.record("an unknown example was answered")
            return
        }
        #expect(violation.description == "'X-Countersign-Example' must be one of empty, two (enum)")
    }

    @Test("a document's mistakes are reported with their JSON Pointer, all of them")
    func documentMistakes() throws {
        let error = try #require(importing("""
        {"openapi": "3.0.3", "info": {"title": "Broken", "version": "1"}, "paths": {"/pets/{id}": {"get": {
          "parameters": [{"name": "id"}],
          "responses": {"200": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}, "example": {"id": 1}}}}}},
          "post": {"requestBody": {"$ref": "#/components/requestBodies/Nope"}, "responses": {}}}},
         "components": {"schemas": {"Pet": {"type": "object", "required": ["name"], "properties": {
            "name": {"type": "string"}, "age": {"type": "integer", "minimum": 0, "example": -1}}}}}}
        """))
        let described = error.problems.map(\.description)
        #expect(described.contains("#/paths/~1pets~1{id}/post/requestBody/$ref: '#/components/requestBodies/Nope' resolves nowhere (or loops)"), "\(described)")
        #expect(described.contains("#/paths/~1pets~1{id}/get/parameters/0: must have a 'name' and an 'in'"), "\(described)")
        #expect(described.contains("#/paths/~1pets~1{id}/get/responses/200/content/application~1json/example: breaks its schema: 'example.name' is required (required)"), "\(described)")
        #expect(described.contains("#/components/schemas/Pet/properties/age/example: breaks its schema: 'example' must be at least 0 (minimum)"), "\(described)")
        #expect(error.problems.count == 4)
    }

    @Test("a document that is not JSON, not OpenAPI 3 or has no paths is refused", arguments: [
        ("openapi: 3.0.0", "#: is not valid JSON"),
        (#"{"swagger": "2.0", "paths": {}}"#, "#/openapi: must be an OpenAPI version 3.x"),
        (#"{"openapi": "3.1.0"}"#, "#/paths: must be an object"),
        (#"{"openapi": "3.1.0", "paths": {"/a/{b}.json": {"get": {}}}}"#, "#/paths/~1a~1{b}.json/get: path /api/a/{b}.json has a segment"),
        (#"{"openapi": "3.1.0", "paths": {"/a": {"get": {"parameters": [{"$ref": "http://x/p.json"}]}}}}"#, "is not a local reference"),
    ])
    func refusedDocuments(json: String, problem: String) {
        #expect(importing(json)?.description.contains(problem) == true, "\(String(describing: importing(json)))")
    }

    @Test("a recursive schema is sampled to a bounded depth")
    func recursiveSchema() throws {
        let document = """
        {"openapi": "3.0.3", "paths": {"/tree": {"get": {"responses": {"200": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Node"}}}}}}}},
         "components": {"schemas": {"Node": {"type": "object", "properties": {"id": {"type": "integer"}, "child": {"$ref": "#/components/schemas/Node"}}}}}}
        """
        let tree = try #require(try OpenAPIImport(document: Array(document.utf8)).operations.first)
        var node = try tree.example(named: nil).get()
        var depth = 0
        while let child = node["child"], child != .null { node = child; depth += 1 }
        #expect(depth == SchemaSampler.maxDepth - 1)
    }

    @Test("the mount prefix comes from the first server URL, under /api")
    func mountPrefix() {
        #expect(OpenAPIImport.mountPrefix("https://petstore3.swagger.io/api/v3") == "/api/v3")
        #expect(OpenAPIImport.mountPrefix("/v1/") == "/api/v1")
        #expect(OpenAPIImport.mountPrefix(nil) == "/api")
    }
}
