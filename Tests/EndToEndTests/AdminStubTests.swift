import Foundation
import JSON
import Testing
import TestSupport

/// Stubs (API.md "Admin API"): from the stubs folder and added at run time, answered in the
/// envelope after the same checks as the built-in endpoints.
@Suite struct AdminStubTests {
    @Test func theCommittedExampleFileAnswersSigned() throws {
        let server = try TestServer.forAdmin(stubs: RepositoryFiles.root + "/stubs")
        let banner = try server.signedCall("GET", "/api/v1/banner")
        #expect(banner.code == 0)
        #expect(banner.message == "ok")
        #expect(banner.data["title"]?.stringValue?.isEmpty == false)
        #expect(banner.headers["X-Request-Id"]?.isEmpty == false)

        var unsigned = server.signer().request("GET", "/api/v1/banner")
        unsigned.headers.remove(name: "X-SIGNATURE")
        #expect(try ReceivedEnvelope(server.client().send(unsigned)).code == 10001)
        var wrong = server.signer()
        wrong.secret = "wrong"
        #expect(try ReceivedEnvelope(server.client().send(wrong.request("GET", "/api/v1/banner"))).code == 10003)
        #expect(try server.signedCall("POST", "/api/v1/banner").code == 10405)

        let listed = try #require(try AdminClient(server).call("GET", "/__admin/stubs").json?["stubs"]?.arrayValue)
        #expect(listed.count == 1)
        #expect(listed.first?["source"]?.stringValue?.hasSuffix("stubs/banner.json") == true)
    }

    @Test func filesHoldOneStubOrAnArray() throws {
        let folder = TemporaryDirectory("stubs")
        defer { folder.remove() }
        try #"[{"method": "GET", "path": "/api/v1/a", "data": 1}, {"method": "post", "path": "/api/v1/b", "code": 30001, "message": "Sold out"}]"#
            .write(toFile: folder.file("several.json"), atomically: true, encoding: .utf8)
        try #"{"method": "GET", "path": "/api/v1/c", "http_status": 202}"#.write(toFile: folder.file("one.json"), atomically: true, encoding: .utf8)
        try "not a stub".write(toFile: folder.file("notes.txt"), atomically: true, encoding: .utf8)
        let server = try TestServer.forAdmin(stubs: folder.path)
        #expect(try server.signedCall("GET", "/api/v1/a").data == 1)
        let soldOut = try server.signedCall("POST", "/api/v1/b")
        #expect(soldOut.code == 30001)
        #expect(soldOut.message == "Sold out")
        #expect(soldOut.status == 200)
        #expect(try server.signedCall("GET", "/api/v1/c").status == 202)
    }

    @Test func aBadFileStopsTheStartWithItsName() throws {
        let folder = TemporaryDirectory("stubs")
        defer { folder.remove() }
        try #"{"method": "GET", "path": "/api/v1/ping"}"#.write(toFile: folder.file("ping.json"), atomically: true, encoding: .utf8)
        #expect {
            _ = try TestServer.forAdmin(stubs: folder.path)
        } throws: { error in
            "\(error)".contains("ping.json") && "\(error)".contains("built-in")
        }
    }

    @Test func runtimeStubsWithAuthTimesAndOverride() throws {
        let server = try TestServer.forAdmin(stubs: RepositoryFiles.root + "/stubs")
        let admin = try AdminClient(server)
        let created = try admin.call("POST", "/__admin/stubs",
            #"{"method": "GET", "path": "/api/v1/users/badges", "data": {"badges": ["early"]}, "auth": true}"#)
        #expect(created.status == 201)
        #expect(created.json?["auth"] == true)
        #expect(created.json?["source"] == "runtime")

        let anonymous = try server.signedCall("GET", "/api/v1/users/badges")
        #expect(anonymous.code == 20104)
        #expect(anonymous.status == 401)
        let token = try server.demoToken()
        #expect(try server.signedCall("GET", "/api/v1/users/badges", token: token).data == ["badges": ["early"]])

        let override = try admin.call("POST", "/__admin/stubs",
            #"{"method": "GET", "path": "/api/v1/banner", "code": 0, "data": null, "times": 1, "delay_ms": 10}"#)
        let overrideID = try #require(override.json?["id"]?.intValue)
        #expect(try server.signedCall("GET", "/api/v1/banner").data == .null, "the newest stub wins")
        #expect(try server.signedCall("GET", "/api/v1/banner").data["title"] != nil, "times 1 is used up; the file's stub answers again")
        #expect(try admin.call("DELETE", "/__admin/stubs/\(overrideID)").status == 404)

        #expect(try admin.call("POST", "/__admin/stubs", #"{"method": "GET", "path": "/api/v1/ping"}"#).status == 409)
        #expect(try admin.call("POST", "/__admin/stubs", #"{"method": "GET", "path": "/banner"}"#).status == 400)
        #expect(try admin.call("POST", "/__admin/stubs", #"{"path": "/api/v1/x"}"#).status == 400)
        let interim = try admin.call("POST", "/__admin/stubs", #"{"method": "GET", "path": "/api/v1/x", "http_status": 101}"#)
        #expect(interim.status == 400)
        #expect(interim.json?["error"]?.stringValue?.contains("from 200 to 599") == true, "\(interim.text)")
        #expect(try admin.call("DELETE", "/__admin/stubs").status == 204)
        #expect(try server.signedCall("GET", "/api/v1/banner").code == 10404)
    }
}
