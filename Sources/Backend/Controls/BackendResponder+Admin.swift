import AdminConsole
import HTTP
import Transport

extension BackendResponder {
    /// Answers a request under `/__admin` (API.md "Admin API"): not signed, not journaled.
    func answerAdmin(_ request: HTTPRequest, requestID: String, connection: ConnectionInfo) -> HTTPResponse {
        let access = AdminAccess(adminToken: environment.admin.adminToken, sentToken: request.headers["X-Admin-Token"],
                                 peerIsLoopback: connection.peer.isLoopback)
        // The console's files hold no data, and a browser cannot send a header when it opens a
        // page: they load without the token, and the page asks for it before its first call.
        if AdminConsole.serves(request.path), access != .forbidden {
            return AdminConsole.respond(method: request.method, path: request.path, requestID: requestID)
        }
        switch access {
        case .allowed:
            break
        case .unauthorized:
            return AdminResponse.error(AdminError(status: .unauthorized, message: "missing or wrong X-Admin-Token"), requestID: requestID)
        case .forbidden:
            let message = "the admin API is only available from loopback; start the server with --admin-token to use it from elsewhere"
            return AdminResponse.error(AdminError(status: .forbidden, message: message), requestID: requestID)
        }
        guard let endpoint = AdminEndpoint(path: request.path) else {
            return AdminResponse.error(.notFound("no admin endpoint \(request.path) (see docs/contract-testing.md)"), requestID: requestID)
        }
        guard endpoint.methods.contains(request.method) else {
            let allowed = endpoint.methods.joined(separator: ", ")
            return AdminResponse.error(AdminError(status: .methodNotAllowed, message: "\(request.method) is not allowed here; use \(allowed)"),
                                       requestID: requestID, extraHeaders: [(name: "Allow", value: allowed)])
        }
        do throws(AdminError) {
            return try perform(endpoint, request, requestID: requestID)
        } catch {
            return AdminResponse.error(error, requestID: requestID)
        }
    }

    private func perform(_ endpoint: AdminEndpoint, _ request: HTTPRequest, requestID: String) throws(AdminError) -> HTTPResponse {
        let done = AdminResponse.noContent(requestID: requestID)
        switch (endpoint, request.method) {
        case (.requests, "GET"):
            return AdminResponse.body(try journalListing(request), requestID: requestID)
        case (.requests, _):
            try withJournal(orWhenOff: ()) { journal throws(JournalError) in try journal.clear() }
            return done
        case (.requestCount, _):
            let (count, dropped) = try journalCount(request)
            return AdminResponse.json(["count": .number(.init(count)), "dropped": .number(.init(dropped))], requestID: requestID)
        case (.faults, "GET"):
            return AdminResponse.json(["faults": .array(environment.faults.all.map(\.json))], requestID: requestID)
        case (.faults, "POST"):
            let fields = try AdminFields(body: request.body, allowed: Fault.fields)
            let fault = try environment.faults.add { (id) throws(AdminError) in try Fault(id: id, fields: fields) }
            return AdminResponse.json(fault.json, status: .created, requestID: requestID)
        case (.faults, _):
            environment.faults.removeAll()
            return done
        case (.fault(let id), _):
            guard environment.faults.remove(id: id) else { throw .notFound("no fault with id \(id)") }
            return done
        case (.stubs, "GET"):
            return AdminResponse.json(["stubs": .array(environment.stubs.all.map(\.json))], requestID: requestID)
        case (.stubs, "POST"):
            let fields = try AdminFields(body: request.body, allowed: Stub.fields)
            let stub = try environment.stubs.add { (id) throws(AdminError) in
                let stub = try Stub(id: id, fields: fields, source: "runtime")
                try stub.checkNotBuiltIn(pipeline.router)
                return stub
            }
            return AdminResponse.json(stub.json, status: .created, requestID: requestID)
        case (.stubs, _):
            environment.stubs.removeAll()
            return done
        case (.stub(let id), _):
            guard environment.stubs.remove(id: id) else { throw .notFound("no stub with id \(id)") }
            return done
        case (.expireTokens, _):
            return AdminResponse.json(["expired": .number(.init(try expireTokens(request)))], requestID: requestID)
        case (.reset, _):
            try reset()
            return AdminResponse.json(["reset": true], requestID: requestID)
        case (.config, _):
            return AdminResponse.json(environment.admin.effectiveConfiguration, requestID: requestID)
        case (.pins, _):
            guard let pins = environment.admin.pins() else { throw .notFound("the server's certificate files cannot be read") }
            return AdminResponse.json(pins, requestID: requestID)
        }
    }
}
