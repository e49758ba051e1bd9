@testable import Backend
import HTTP
import JSON
import Signing
import Store
import Testing
import TestSupport

/// The admin controls as types, each driven directly with what it is given (a registry, a store),
/// and the admin API's routing answers through `BackendResponder.respond`, in memory.
@Suite struct AdminControlsTests {
    let backend: InMemoryBackend

    init() throws { backend = try InMemoryBackend() }

    private func request(_ method: String, _ target: String, _ json: String = "") -> HTTPRequest {
        HTTPRequest(method: method, target: target, version: .http1_1, headers: HTTPHeaders(), body: Array(json.utf8))
    }

    private func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    private func adminError(_ body: () throws(AdminError) -> HTTPResponse) -> AdminError? {
        do throws(AdminError) {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }

    @Test func faultControlsAddListAndRemoveByID() throws {
        let registry = AdminRegistry<Fault>()
        let faults = FaultControls(faults: registry)
        let added = try faults.answer(.add, request("POST", "/__admin/faults", #"{"path": "/api/v1/*", "http_status": 503}"#), requestID: "r")
        #expect(added.status.code == 201)
        #expect(try JSONParser.parse(added.body)["id"] == 1)
        let listed = try faults.answer(.list, request("GET", "/__admin/faults"), requestID: "r")
        #expect(try JSONParser.parse(listed.body)["faults"]?.arrayValue?.count == 1)
        let missing = adminError { () throws(AdminError) in try faults.answer(.remove(id: 2), request("DELETE", "/__admin/faults/2"), requestID: "r") }
        #expect(missing?.status.code == 404)
        #expect(missing?.message == "no fault with id 2")
        #expect(try faults.answer(.remove(id: 1), request("DELETE", "/__admin/faults/1"), requestID: "r").status.code == 204)
        #expect(registry.all.isEmpty)
        let invalid = adminError { () throws(AdminError) in try faults.answer(.add, request("POST", "/__admin/faults", #"{"path": "/x"}"#), requestID: "r") }
        #expect(invalid?.status.code == 400)
        #expect(registry.all.isEmpty, "nothing is added when the definition is refused")
    }

    @Test func stubControlsRefuseABuiltInEndpointAndRestoreTheLoadedStubs() throws {
        let loaded = try StubFile.stubs(in: Array(#"{"method": "GET", "path": "/api/v1/banner"}"#.utf8), path: "banner.json", firstID: 1)
        let mocks = MockCatalog(stubs: loaded)
        let registry = mocks.stubs
        let stubs = StubControls(mocks: mocks, routes: RoutingTable.countersign())
        let builtIn = adminError { () throws(AdminError) in
            try stubs.answer(.add, request("POST", "/__admin/stubs", #"{"method": "HEAD", "path": "/api/v1/ping"}"#), requestID: "r")
        }
        #expect(builtIn?.status.code == 409)
        let added = try stubs.answer(.add, request("POST", "/__admin/stubs", #"{"method": "POST", "path": "/api/v1/banner"}"#), requestID: "r")
        #expect(try JSONParser.parse(added.body)["source"] == "runtime")
        #expect(try stubs.answer(.removeAll, request("DELETE", "/__admin/stubs"), requestID: "r").status.code == 204)
        #expect(registry.all.isEmpty)
        stubs.restore()
        #expect(registry.all.map(\.id) == loaded.map(\.id))
    }

    @Test func journalControlsWithTheJournalOffListAndCountNothing() throws {
        let journal = JournalControls(journal: nil, canonicalizer: Canonicalizer(policy: SigningPolicy()))
        let listing = try journal.answer(.list, request("GET", "/__admin/requests?limit=5"), requestID: "r")
        #expect(text(listing) == #"{"requests":[],"dropped":0}"#)
        #expect(listing.headers["Content-Type"] == "application/json; charset=utf-8")
        let count = try journal.answer(.count, request("POST", "/__admin/requests/count"), requestID: "r")
        #expect(text(count) == #"{"count":0,"dropped":0}"#)
        let badLimit = adminError { () throws(AdminError) in try journal.answer(.list, request("GET", "/__admin/requests?limit=0"), requestID: "r") }
        #expect(badLimit?.message == "'limit' must be a whole number from 1 to 100000")
        let seconds = adminError { () throws(AdminError) in
            try journal.answer(.count, request("POST", "/__admin/requests/count", #"{"since": 1700000000}"#), requestID: "r")
        }
        #expect(seconds?.message.contains("use 1700000000000") == true)
    }

    @Test func stateControlsResetClearsFaultsAndRestoresStubs() throws {
        let environment = backend.environment
        let faults = FaultControls(faults: environment.faults)
        let stubs = StubControls(mocks: environment.mocks, routes: environment.routes)
        let state = StateControls(store: try Store(path: environment.databasePath), clock: backend.clock, settings: environment.admin,
                                  journal: JournalControls(journal: nil, canonicalizer: Canonicalizer(policy: SigningPolicy())),
                                  faults: faults, stubs: stubs)
        _ = try faults.answer(.add, request("POST", "/__admin/faults", #"{"path": "*", "http_status": 500}"#), requestID: "r")
        _ = try stubs.answer(.add, request("POST", "/__admin/stubs", #"{"method": "GET", "path": "/api/v1/banner"}"#), requestID: "r")
        let reset = try state.answer(.reset, request("POST", "/__admin/reset"), requestID: "r")
        #expect(text(reset) == #"{"reset":true}"#)
        #expect(environment.faults.all.isEmpty)
        #expect(environment.stubs.all.isEmpty)
        let expiry = adminError { () throws(AdminError) in try state.answer(.expireTokens, request("POST", "/__admin/tokens/expire", "{}"), requestID: "r") }
        #expect(expiry?.message == "give exactly one of user_id, phone, token_prefix, all: true")
    }

    /// The admin API's own 404 and 405 (with `Allow`), byte for byte, and HEAD answered as GET.
    @Test func theAdminAPIAnswersUnknownPathsWrongMethodsAndHead() {
        let unknown = backend.send(request("POST", "/__admin/nothing"))
        #expect(unknown.status.code == 404)
        #expect(text(unknown) == #"{"error":"no admin endpoint /__admin/nothing (see docs/contract-testing.md)"}"#)
        let wrongMethod = backend.send(request("PUT", "/__admin/faults"))
        #expect(wrongMethod.status.code == 405)
        #expect(text(wrongMethod) == #"{"error":"PUT is not allowed here; use GET, POST, DELETE"}"#)
        #expect(wrongMethod.headers["Allow"] == "GET, POST, DELETE")
        #expect(wrongMethod.headers["Cache-Control"] == "no-store")
        let get = backend.send(request("GET", "/__admin/config"))
        let head = backend.send(request("HEAD", "/__admin/config"))
        #expect(head.status.code == 200)
        #expect(head.body == get.body, "the transport leaves the body out of a HEAD answer; its length is GET's")
        #expect(backend.send(request("HEAD", "/__admin/reset")).headers["Allow"] == "POST")
    }

    /// Outside `/api/` and `/__admin`: 404 for a path with no endpoint whatever the method, 405 with
    /// `Allow: GET, HEAD` for a wrong method on an operational path.
    @Test func theOperationalPathsAnswerUnknownPathsAndWrongMethods() {
        for method in ["GET", "POST", "DELETE"] {
            let unknown = backend.send(request(method, "/nothing"))
            #expect(unknown.status.code == 404, "\(method)")
            #expect(text(unknown) == #"{"error":"not found"}"#)
        }
        let wrongMethod = backend.send(request("POST", "/healthz"))
        #expect(wrongMethod.status.code == 405)
        #expect(text(wrongMethod) == #"{"error":"method not allowed"}"#)
        #expect(wrongMethod.headers["Allow"] == "GET, HEAD")
        #expect(backend.send(request("HEAD", "/healthz")).status.code == 200)
    }
}
