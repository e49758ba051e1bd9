import HTTP
import JSON
import Mocking

extension BackendResponder {
    /// The mocking engine's admin endpoints: `GET/DELETE /__admin/scenarios`,
    /// `GET/PUT/DELETE /__admin/scenarios/{name}`, `GET/POST /__admin/imports`
    /// (docs/contract-testing.md "Scenarios" and "Imported OpenAPI documents").
    func performMocking(_ endpoint: AdminEndpoint, _ request: HTTPRequest, requestID: String) throws(AdminError) -> HTTPResponse {
        let scenarios = environment.mocks.scenarios
        switch (endpoint, request.method) {
        case (.scenarios, "GET"):
            let listed = scenarios.all().map { JSONValue.object(JSONObject([("name", .string($0.name)), ("state", .string($0.state))])) }
            return AdminResponse.json(["scenarios": .array(listed)], requestID: requestID)
        case (.scenarios, _):
            scenarios.resetAll()
            return AdminResponse.noContent(requestID: requestID)
        case (.scenario(let name), "GET"):
            guard scenarios.isKnown(name) else { throw .notFound("no scenario '\(name)' (a stub's scenario or one set with PUT)") }
            return AdminResponse.json(["name": .string(name), "state": .string(scenarios.state(of: name))], requestID: requestID)
        case (.scenario(let name), "PUT"):
            let fields = try AdminFields(body: request.body, allowed: ["state"])
            guard let state = try fields.string("state") else { throw .badRequest("'state' is required") }
            do {
                try scenarios.set(name, to: state)
            } catch {
                throw .badRequest(error.description)
            }
            return AdminResponse.json(["name": .string(name), "state": .string(state)], requestID: requestID)
        case (.scenario(let name), _):
            guard scenarios.isKnown(name) else { throw .notFound("no scenario '\(name)'") }
            scenarios.reset(name)
            return AdminResponse.noContent(requestID: requestID)
        case (.imports, "GET"):
            return AdminResponse.json(["imports": .array(environment.mocks.allImports.map(\.json))], requestID: requestID)
        default:
            let imported = try Self.openAPIImport(request.body)
            environment.mocks.addImport(imported)
            return AdminResponse.json(imported.json, status: .created, requestID: requestID)
        }
    }

    /// The request body as JSON; 400 when it is not.
    static func jsonBody(_ request: HTTPRequest) throws(AdminError) -> JSONValue {
        do {
            return try JSONParser.parse(request.body)
        } catch {
            throw .badRequest("invalid JSON: \(error)")
        }
    }

    /// The import of an OpenAPI document (JSON); 400 listing its mistakes by JSON Pointer.
    private static func openAPIImport(_ body: [UInt8]) throws(AdminError) -> OpenAPIImport {
        do {
            return try OpenAPIImport(document: body)
        } catch {
            throw .badRequest("the OpenAPI document was not imported: \(error)")
        }
    }
}

extension OpenAPIImport {
    /// The import as the admin API shows it: title, prefix, and each operation's method and path.
    var json: JSONValue {
        .object(JSONObject([
            ("title", .string(title)), ("prefix", .string(prefix)),
            ("operations", .array(operations.map { .string("\($0.method) \($0.path.text)") })),
        ]))
    }
}
