import Backend
import CountersignClient
import Foundation
import HTTP
import JSON
import Mocking
import Testing
import TestSupport

/// The mocking engine in the pipeline, in memory: matchers and templates, near misses, scenarios,
/// login, imported OpenAPI operations, and the envelope dialect on every kind of answer.
@Suite struct PipelineMockTests {
    private func add(_ backend: InMemoryBackend, _ json: String) throws {
        let reply = backend.admin("POST", "/__admin/stubs", json)
        try #require(reply.status == 201, "\(String(describing: reply.json))")
    }

    @Test func aTemplatedStubMatchesItsParametersAndNamesNearMissesIn10404() throws {
        let backend = try InMemoryBackend()
        try add(backend, """
        {"request": {"method": "GET", "path": "/api/v1/orders/{id}", "params": {"status": "paid"}},
         "response": {"data": {"id": "{{path.id}}", "status": "{{param.status}}", "at": "{{now}}"}}}
        """)
        let paid = try backend.signedCall("GET", "/api/v1/orders/42", parameters: [("status", "paid")])
        #expect(paid.code == 0 && paid.data == ["id": "42", "status": "paid", "at": .number(JSONNumber(backend.clock.unixSeconds()))])
        let open = try backend.signedCall("GET", "/api/v1/orders/42", parameters: [("status", "open")])
        #expect(open.code == 10404)
        #expect(open.data["near_misses"] == ["stub 1 (GET /api/v1/orders/{id}): param 'status' was 'open', the stub wants 'paid'"])
    }

    @Test func nowInMillisecondsComesFromTheClockToTheMillisecond() throws {
        let backend = try InMemoryBackend()
        backend.clock.advance(milliseconds: 250)
        try add(backend, #"{"request": {"method": "GET", "path": "/api/v1/clock"}, "response": {"data": {"s": "{{now}}", "ms": "{{now.ms}}"}}}"#)
        let answer = try backend.signedCall("GET", "/api/v1/clock")
        let milliseconds = backend.clock.unixMilliseconds()
        #expect(milliseconds % 1000 == 250)
        #expect(answer.data == ["s": .number(JSONNumber(milliseconds / 1000)), "ms": .number(JSONNumber(milliseconds))])
    }

    @Test func nearMissesAreLeftOutInProductionMode() throws {
        let backend = try InMemoryBackend { $0.mode = .production }
        try add(backend, #"{"request": {"method": "GET", "path": "/api/v1/orders", "params": {"status": "paid"}}}"#)
        let open = try backend.signedCall("GET", "/api/v1/orders", parameters: [("status", "open")])
        #expect(open.code == 10404 && open.data == .null)
    }

    @Test func aLoginStubAnswers20104WithoutAToken_AndTheUsersFieldsWithOne() throws {
        let backend = try InMemoryBackend()
        try add(backend, #"{"auth": true, "request": {"method": "GET", "path": "/api/v1/me/greeting"}, "response": {"message": "Hi {{user.nickname}}", "data": {"id": "{{user.id}}"}}}"#)
        #expect(try backend.signedCall("GET", "/api/v1/me/greeting").code == 20104)
        let greeted = try backend.signedCall("GET", "/api/v1/me/greeting", token: try backend.logIn())
        #expect(greeted.code == 0 && greeted.message.hasPrefix("Hi ") && greeted.message.count > 3)
        #expect(greeted.data["id"]?.stringValue?.isEmpty == false)
    }

    @Test func aScenarioMovesOnAPostAndTheAdminAPIReadsSetsAndResetsIt() throws {
        let backend = try InMemoryBackend()
        try add(backend, #"{"scenario": {"name": "orders", "state": "Started"}, "request": {"method": "GET", "path": "/api/v1/orders"}, "response": {"data": []}}"#)
        try add(backend, #"{"scenario": {"name": "orders", "next_state": "ordered"}, "request": {"method": "POST", "path": "/api/v1/orders"}, "response": {"data": {"id": 1}}}"#)
        try add(backend, #"{"scenario": {"name": "orders", "state": "ordered"}, "request": {"method": "GET", "path": "/api/v1/orders"}, "response": {"data": [{"id": 1}]}}"#)
        #expect(backend.admin("GET", "/__admin/scenarios").json == ["scenarios": [["name": "orders", "state": "Started"]]])
        #expect(try backend.signedCall("GET", "/api/v1/orders").data == [])
        #expect(try backend.signedCall("POST", "/api/v1/orders").data == ["id": 1])
        #expect(try backend.signedCall("GET", "/api/v1/orders").data == [["id": 1]])
        #expect(backend.admin("GET", "/__admin/scenarios/orders").json == ["name": "orders", "state": "ordered"])
        #expect(backend.admin("DELETE", "/__admin/scenarios/orders").status == 204)
        #expect(try backend.signedCall("GET", "/api/v1/orders").data == [])
        #expect(backend.admin("PUT", "/__admin/scenarios/orders", #"{"state": "ordered"}"#).status == 200)
        #expect(try backend.signedCall("GET", "/api/v1/orders").data == [["id": 1]])
        #expect(backend.admin("PUT", "/__admin/scenarios/orders", #"{"state": ""}"#).status == 400)
        #expect(backend.admin("GET", "/__admin/scenarios/unknown").status == 404)
        #expect(backend.admin("POST", "/__admin/reset").status == 200)
        #expect(backend.admin("GET", "/__admin/scenarios").json == ["scenarios": []], "the run-time stubs and their scenario are gone")
    }

    @Test func aMalformedStubIsRefusedWithTheFieldAndTheRuleAndNothingStoredIsLost() throws {
        let backend = try InMemoryBackend()
        try add(backend, #"{"method": "GET", "path": "/api/v1/kept"}"#)
        let refused = backend.admin("POST", "/__admin/stubs", #"{"request": {"method": "GET", "path": "/api/v1/a"}, "response": {"data": "{{uid}}"}}"#)
        #expect(refused.status == 400)
        #expect(refused.json?["error"] == "'response.data' has an unknown value 'uid' (at position 3)")
        #expect(backend.admin("GET", "/__admin/stubs").json?["stubs"]?.arrayValue?.count == 1)
        #expect(try backend.signedCall("GET", "/api/v1/kept").code == 0)
    }

    @Test func theImportedPetstoreAnswersItsExamplesValidatesAndYieldsToAStub() throws {
        let backend = try InMemoryBackend()
        let document = try String(contentsOfFile: RepositoryFiles.petstore, encoding: .utf8)
        let imported = backend.admin("POST", "/__admin/imports", document)
        #expect(imported.status == 201 && imported.json?["prefix"] == "/api/v3")
        let pet = try backend.signedCall("GET", "/api/v3/pet/10")
        #expect(pet.code == 0 && pet.data["name"] == "doggie")
        let sold = try backend.signedCall("GET", "/api/v3/pet/findByStatus", parameters: [("status", "sold")])
        #expect(sold.data.arrayValue?.count == 1)
        let lost = try backend.signedCall("GET", "/api/v3/pet/findByStatus", parameters: [("status", "lost")])
        #expect(lost.code == 10005 && lost.status == 400)
        #expect(lost.message == "invalid parameter 'status': must be one of available, pending, sold (enum)")
        var unsigned = backend.signer().request("GET", "/api/v3/pet/10")
        unsigned.headers.remove(name: "X-SIGNATURE")
        #expect(try backend.envelope(unsigned).code == 10001)
        try add(backend, #"{"request": {"method": "GET", "path": "/api/v3/pet/{petId}"}, "response": {"data": {"name": "override {{path.petId}}"}}}"#)
        #expect(try backend.signedCall("GET", "/api/v3/pet/7").data == ["name": "override 7"])
        let broken = backend.admin("POST", "/__admin/imports", ##"{"openapi": "3.0.0", "paths": {"/a": {"get": {"responses": {"200": {"$ref": "#/nowhere"}}}}}}"##)
        #expect(broken.status == 400)
        #expect(broken.json?["error"]?.stringValue?.contains("#/paths/~1a/get/responses/200/$ref: '#/nowhere' resolves nowhere") == true)
    }

    @Test func anImportIsListedWithItsIDAndRemovedByIt() throws {
        let backend = try InMemoryBackend()
        let document = try String(contentsOfFile: RepositoryFiles.petstore, encoding: .utf8)
        let first = backend.admin("POST", "/__admin/imports", document)
        let second = backend.admin("POST", "/__admin/imports", document)
        #expect(first.status == 201 && first.json?["id"] == 1 && second.json?["id"] == 2)
        #expect(backend.admin("GET", "/__admin/imports").json?["imports"]?.arrayValue?.compactMap { $0["id"] } == [1, 2])
        #expect(backend.admin("DELETE", "/__admin/imports/1").status == 204)
        #expect(backend.admin("GET", "/__admin/imports").json?["imports"]?.arrayValue?.compactMap { $0["id"] } == [2])
        #expect(try backend.signedCall("GET", "/api/v3/pet/10").code == 0, "the other import still answers")
        #expect(backend.admin("DELETE", "/__admin/imports/2").status == 204)
        #expect(try backend.signedCall("GET", "/api/v3/pet/10").code == 10404)
        let missing = backend.admin("DELETE", "/__admin/imports/2")
        #expect(missing.status == 404 && missing.json?["error"] == "no import 2")
        #expect(backend.admin("POST", "/__admin/imports", document).json?["id"] == 3, "ids are not reused")
    }

    @Test func theErrcodeDialectShapesBuiltInAnswersStubsImportsAndFaults() throws {
        let dialect = try EnvelopeDialect(JSONParser.parse(Array(#"{"code_key": "errcode", "message_key": "errmsg", "data_key": "result", "success_code": 200, "not_logged_in_code": 40001, "http_status": "always-200"}"#.utf8)))
        let backend = try InMemoryBackend { $0.envelope = dialect }
        func body(_ request: HTTPRequest) throws -> JSONValue { try JSONParser.parse(backend.send(request).body) }
        let ping = try body(backend.signer().request("GET", "/api/v1/ping"))
        #expect(ping["errcode"] == 200 && ping["errmsg"] == "ok" && ping["result"] != nil && ping["code"] == nil)
        let profile = backend.send(backend.signer().request("GET", "/api/v1/users/me"))
        #expect(profile.status.code == 200)
        #expect(try JSONParser.parse(profile.body)["errcode"] == 40001)
        let login = try body(backend.signer().request("POST", "/api/v1/users/login",
                                                       parameters: [("phone", TestServer.demoPhone), ("password", TestServer.demoPassword)]))
        var loggedIn = backend.signer()
        loggedIn.token = try #require(login["result"]?["token"]?.stringValue)
        for _ in 0..<2 {  // the second answer splices the status as the first one wrote it
            let status = try body(loggedIn.request("GET", "/api/v1/checkin"))
            #expect(status["errcode"] == 200 && status["result"]?["can_checkin"] == true && status["data"] == nil)
        }
        try add(backend, #"{"method": "GET", "path": "/api/v1/banner", "data": 1}"#)
        #expect(try body(backend.signer().request("GET", "/api/v1/banner"))["errcode"] == 200)
        try add(backend, #"{"method": "GET", "path": "/api/v1/sold-out", "code": 30001}"#)
        #expect(try body(backend.signer().request("GET", "/api/v1/sold-out"))["errcode"] == 30001)
        #expect(backend.admin("POST", "/__admin/faults", #"{"method": "GET", "path": "/api/v1/ping", "code": 20104, "times": 1}"#).status == 201)
        #expect(try body(backend.signer().request("GET", "/api/v1/ping"))["errcode"] == 20104, "a fault's code is the team's, as given")
        _ = backend.admin("POST", "/__admin/imports", try String(contentsOfFile: RepositoryFiles.petstore, encoding: .utf8))
        let pet = try body(backend.signer().request("GET", "/api/v3/pet/10"))
        #expect(pet["errcode"] == 200 && pet["result"]?["name"] == "doggie")
    }
}
