import HTTP
import JSON
import Mocking

/// `/__admin/scenarios…` and `/__admin/imports`: reads, sets and resets the scenarios' states,
/// imports OpenAPI documents and lists them (docs/contract-testing.md "Scenarios" and "Imported
/// OpenAPI documents"). What a scenario or an import is stays with the `Mocking` module.
struct MockControls {
    /// What a request to one of these endpoints asks for.
    enum Action: Sendable, Equatable {
        /// `GET /__admin/scenarios`.
        case listScenarios
        /// `DELETE /__admin/scenarios`.
        case resetScenarios
        /// `GET /__admin/scenarios/{name}`.
        case readScenario(String)
        /// `PUT /__admin/scenarios/{name}`.
        case setScenario(String)
        /// `DELETE /__admin/scenarios/{name}`.
        case resetScenario(String)
        /// `GET /__admin/imports`.
        case listImports
        /// `POST /__admin/imports`.
        case addImport
    }

    let mocks: MockCatalog

    func answer(_ action: Action, _ request: HTTPRequest, requestID: String) throws(AdminError) -> HTTPResponse {
        let scenarios = mocks.scenarios
        switch action {
        case .listScenarios:
            let listed = scenarios.all().map { JSONValue.object(JSONObject([("name", .string($0.name)), ("state", .string($0.state))])) }
            return AdminResponse.json(["scenarios": .array(listed)], requestID: requestID)
        case .resetScenarios:
            scenarios.resetAll()
            return AdminResponse.noContent(requestID: requestID)
        case .readScenario(let name):
            guard scenarios.isKnown(name) else { throw .notFound("no scenario '\(name)' (a stub's scenario or one set with PUT)") }
            return AdminResponse.json(["name": .string(name), "state": .string(scenarios.state(of: name))], requestID: requestID)
        case .setScenario(let name):
            let fields = try AdminFields(body: request.body, allowed: ["state"])
            guard let state = try fields.string("state") else { throw .badRequest("'state' is required") }
            do {
                try scenarios.set(name, to: state)
            } catch {
                throw .badRequest(error.description)
            }
            return AdminResponse.json(["name": .string(name), "state": .string(state)], requestID: requestID)
        case .resetScenario(let name):
            guard scenarios.isKnown(name) else { throw .notFound("no scenario '\(name)'") }
            scenarios.reset(name)
            return AdminResponse.noContent(requestID: requestID)
        case .listImports:
            return AdminResponse.json(["imports": .array(mocks.allImports.map(\.json))], requestID: requestID)
        case .addImport:
            let imported: OpenAPIImport
            do {
                imported = try OpenAPIImport(document: request.body)
            } catch {
                throw .badRequest("the OpenAPI document was not imported: \(error)")
            }
            mocks.addImport(imported)
            return AdminResponse.json(imported.json, status: .created, requestID: requestID)
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
