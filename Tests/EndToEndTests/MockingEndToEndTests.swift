import Foundation
import JSON
import Testing
import TestSupport

/// The mocking engine over TLS: a login-protected stub, a scenario flow with a near miss in the
/// journal, the Swagger Petstore imported at start, the errcode/errmsg dialect, and a broken
/// import that stops the start.
@Suite struct MockingEndToEndTests {
    @Test func aLoginProtectedStubAnswers20104WithoutAToken() throws {
        let server = try TestServer.forAdmin()
        let admin = try AdminClient(server)
        let created = try admin.call("POST", "/__admin/stubs", #"{"auth": true, "request": {"method": "GET", "path": "/api/v1/wallet/{currency}"}, "response": {"data": {"currency": "{{path.currency}}", "owner": "{{user.id}}"}}}"#)
        #expect(created.status == 201, "\(created.text)")
        let anonymous = try server.signedCall("GET", "/api/v1/wallet/eur")
        #expect(anonymous.code == 20104 && anonymous.status == 401)
        let wallet = try server.signedCall("GET", "/api/v1/wallet/eur", token: try server.demoToken())
        #expect(wallet.code == 0 && wallet.data["currency"] == "eur" && wallet.data["owner"]?.stringValue?.isEmpty == false)
    }

    @Test func aScenarioFlowAndItsNearMissInTheJournal() async throws {
        let folder = TemporaryDirectory("stubs")
        defer { folder.remove() }
        try #"""
        [{"scenario": {"name": "orders", "state": "Started"}, "request": {"method": "GET", "path": "/api/v1/orders"}, "response": {"data": []}},
         {"scenario": {"name": "orders", "next_state": "ordered"}, "request": {"method": "POST", "path": "/api/v1/orders", "params": {"sku": {"matches": "^A[0-9]+$"}}}, "response": {"data": {"id": "{{sequence}}"}}},
         {"scenario": {"name": "orders", "state": "ordered"}, "request": {"method": "GET", "path": "/api/v1/orders"}, "response": {"data": [{"id": 1}]}}]
        """#.write(toFile: folder.file("orders.json"), atomically: true, encoding: .utf8)
        let server = try TestServer.forAdmin(stubs: folder.path)
        let admin = try AdminClient(server)
        #expect(try server.signedCall("GET", "/api/v1/orders").data == [])
        let missed = try server.signedCall("POST", "/api/v1/orders", parameters: [("sku", "B7")])
        #expect(missed.code == 10404)
        #expect(missed.data["near_misses"]?.arrayValue?.first == "stub 2 (POST /api/v1/orders): param 'sku' was 'B7', the stub wants it to match '^A[0-9]+$'")
        #expect(try server.signedCall("POST", "/api/v1/orders", parameters: [("sku", "A7")]).data == ["id": 1])
        #expect(try server.signedCall("GET", "/api/v1/orders").data == [["id": 1]])
        #expect(try admin.call("GET", "/__admin/scenarios").json == ["scenarios": [["name": "orders", "state": "ordered"]]])
        let journalled = try await eventually {
            try admin.journal().contains { $0["near_misses"]?.arrayValue?.first == missed.data["near_misses"]?.arrayValue?.first }
        }
        #expect(journalled)
        #expect(try admin.call("POST", "/__admin/reset").status == 200)
        #expect(try server.signedCall("GET", "/api/v1/orders").data == [])
    }

    @Test func thePetstoreImportedAtStartAnswersEveryOperationSignedAndValidated() throws {
        let server = try TestServer.forAdmin { $0.importOpenAPIPath = RepositoryFiles.petstore }
        let pet: [(String, JSONValue)] = [("name", "Rex"), ("photoUrls", ["a"])]
        // Every operation but createUsersWithListInput, whose body is a JSON array: the signing
        // contract signs object bodies only (SIGNING.md), so the pipeline refuses it before any route.
        let calls: [(String, String, [(String, String)], [(String, JSONValue)])] = [
            ("PUT", "/api/v3/pet", [], pet), ("POST", "/api/v3/pet", [], pet),
            ("GET", "/api/v3/pet/findByStatus", [("status", "available")], []), ("GET", "/api/v3/pet/findByTags", [("tags", "tag1")], []),
            ("GET", "/api/v3/pet/10", [], []), ("POST", "/api/v3/pet/10", [("name", "Rex")], []), ("DELETE", "/api/v3/pet/10", [], []),
            ("POST", "/api/v3/pet/10/uploadImage", [], []), ("GET", "/api/v3/store/inventory", [], []), ("POST", "/api/v3/store/order", [], []),
            ("GET", "/api/v3/store/order/10", [], []), ("DELETE", "/api/v3/store/order/10", [], []), ("POST", "/api/v3/user", [], []),
            ("GET", "/api/v3/user/login", [("username", "theUser"), ("password", "12345")], []), ("GET", "/api/v3/user/logout", [], []),
            ("GET", "/api/v3/user/theUser", [], []), ("PUT", "/api/v3/user/theUser", [], []), ("DELETE", "/api/v3/user/theUser", [], []),
        ]
        for (method, path, parameters, json) in calls {
            let request = server.signer().request(method, path, parameters: parameters, encoding: json.isEmpty ? nil : .json, jsonValues: json)
            let answer = try ReceivedEnvelope(server.client().send(request))
            #expect(answer.code == 0 && answer.status == 200, "\(method) \(path): \(answer.code) \(answer.message)")
        }
        #expect(try server.signedCall("GET", "/api/v3/pet/10").data["name"] == "doggie")
        #expect(try server.signedCall("GET", "/api/v3/user/theUser").data["username"] == "theUser")

        var unsigned = server.signer().request("GET", "/api/v3/pet/10")
        unsigned.headers.remove(name: "X-SIGNATURE")
        #expect(try ReceivedEnvelope(server.client().send(unsigned)).code == 10001)
        let lost = try server.signedCall("GET", "/api/v3/pet/findByStatus", parameters: [("status", "lost")])
        #expect(lost.code == 10005 && lost.message == "invalid parameter 'status': must be one of available, pending, sold (enum)")
        let nameless = try ReceivedEnvelope(server.client().send(server.signer().request("POST", "/api/v3/pet", encoding: .json, jsonValues: [("photoUrls", ["a"])])))
        #expect(nameless.code == 10005 && nameless.message == "invalid parameter 'body.name': is required (required)")
    }

    @Test func theErrcodeTeamsDialectIsUsedByEveryKindOfAnswer() throws {
        let folder = TemporaryDirectory("dialect")
        defer { folder.remove() }
        try #"{"code_key": "errcode", "message_key": "errmsg", "data_key": "result", "success_code": 200, "not_logged_in_code": 40001}"#
            .write(toFile: folder.file("dialect.json"), atomically: true, encoding: .utf8)
        let server = try TestServer.forAdmin { $0.envelopeDialectPath = folder.file("dialect.json") }
        func body(_ method: String, _ path: String) throws -> (status: Int, json: JSONValue) {
            let response = try server.client().send(server.signer().request(method, path))
            return (response.status.code, try JSONParser.parse(response.body))
        }
        let ping = try body("GET", "/api/v1/ping")
        #expect(ping.json["errcode"] == 200 && ping.json["errmsg"] == "ok" && ping.json["result"]?["server_time"] != nil)
        let anonymous = try body("GET", "/api/v1/users/me")
        #expect(anonymous.status == 401 && anonymous.json["errcode"] == 40001 && anonymous.json["code"] == nil)
        let admin = try AdminClient(server)
        _ = try admin.call("POST", "/__admin/stubs", #"{"method": "GET", "path": "/api/v1/coupon", "code": 40003, "message": "expired"}"#)
        #expect(try body("GET", "/api/v1/coupon").json == ["errcode": 40003, "errmsg": "expired", "result": nil])
        _ = try admin.call("POST", "/__admin/faults", #"{"method": "GET", "path": "/api/v1/ping", "code": 40001, "times": 1}"#)
        #expect(try body("GET", "/api/v1/ping").json["errcode"] == 40001)
    }

    @Test func aBrokenImportStopsTheStartNamingTheFileAndThePointer() throws {
        let folder = TemporaryDirectory("import")
        defer { folder.remove() }
        try ##"{"openapi": "3.0.3", "paths": {"/a": {"get": {"responses": {"200": {"$ref": "#/components/responses/Gone"}}}}}}"##
            .write(toFile: folder.file("broken.json"), atomically: true, encoding: .utf8)
        #expect {
            _ = try TestServer.forAdmin { $0.importOpenAPIPath = folder.file("broken.json") }
        } throws: { error in
            "\(error)".contains("broken.json") && "\(error)".contains("#/paths/~1a/get/responses/200/$ref")
        }
    }
}
