import Backend
import CountersignClient
import HTTP
import JSON
import Testing
import TestSupport

/// The order of checks of API.md, driven in memory through `BackendResponder.respond`: each check
/// answers before the ones after it, whatever else is wrong with the request.
@Suite struct PipelineTests {
    let backend: InMemoryBackend

    init() throws { backend = try InMemoryBackend() }

    /// A request signed with a wrong secret.
    private func wronglySigned(_ method: String, _ path: String, parameters: [(String, String)] = []) -> HTTPRequest {
        MobileRequestSigner(secret: "wrong-secret").request(method, path, parameters: parameters)
    }

    @Test func aMissingVersionHeaderComesFirst() throws {
        var request = wronglySigned("GET", "/api/v1/no-such-endpoint")
        request.headers.remove(name: "X-API-VERSION")
        let reply = try backend.envelope(request)
        #expect(reply.code == 10001)
        #expect(reply.status == 400)
        #expect(reply.message.contains("X-API-VERSION"), "\(reply.message)")
    }

    @Test func aMissingSignatureIs10001NamingIt() throws {
        var request = backend.signer().request("GET", "/api/v1/ping")
        request.headers.remove(name: "X-SIGNATURE")
        let reply = try backend.envelope(request)
        #expect(reply.code == 10001)
        #expect(reply.message.contains("X-SIGNATURE"), "\(reply.message)")
    }

    @Test func anUnsupportedVersionComesBeforeTheBodyAndTheSignature() throws {
        var signer = MobileRequestSigner(secret: "wrong-secret")
        signer.apiVersion = "9.9"
        var request = signer.request("POST", "/api/v1/users/login")
        request.headers.replaceOrAdd(name: "Content-Type", value: "application/json")
        request.body = Array("not json".utf8)
        #expect(try backend.envelope(request).code == 10002)
    }

    @Test func anUnreadableBodyComesBeforeTheSignature() throws {
        var request = wronglySigned("POST", "/api/v1/users/login")
        request.headers.replaceOrAdd(name: "Content-Type", value: "application/json")
        request.body = Array("not json".utf8)
        let reply = try backend.envelope(request)
        #expect(reply.code == 10006)
        #expect(reply.status == 400)
    }

    @Test func aWrongSignatureComesBeforeRoutingAndExplainsItself() throws {
        let reply = try backend.envelope(wronglySigned("GET", "/api/v1/no-such-endpoint"))
        #expect(reply.code == 10003)
        #expect(reply.status == 403)
        let diagnosis = try #require(reply.data["diagnosis"])
        #expect(diagnosis["canonical"]?.stringValue?.hasSuffix("<secret>") == true)
        #expect(diagnosis["likely_cause"]?.stringValue?.isEmpty == false)
        #expect(diagnosis["received"]?.stringValue == wronglySigned("GET", "/api/v1/no-such-endpoint").headers["X-SIGNATURE"])
    }

    @Test func productionModeAnswersAMismatchWithoutTheDiagnosis() throws {
        let production = try InMemoryBackend { $0.mode = .production }
        let reply = try production.envelope(wronglySigned("GET", "/api/v1/ping"))
        #expect(reply.code == 10003)
        #expect(reply.data == .null)
    }

    @Test func anUnknownPathIs10404OnceTheSignatureIsValid() throws {
        let reply = try backend.signedCall("GET", "/api/v1/no-such-endpoint")
        #expect(reply.code == 10404)
        #expect(reply.status == 404)
    }

    @Test func aKnownPathWithAnotherMethodIs10405WithAllow() throws {
        let ping = try backend.signedCall("POST", "/api/v1/ping")
        #expect(ping.code == 10405)
        #expect(ping.status == 405)
        #expect(ping.headers["Allow"] == "GET")
        let checkin = try backend.signedCall("DELETE", "/api/v1/checkin")
        #expect(checkin.code == 10405)
        #expect(checkin.headers["Allow"] == "GET, POST")
    }

    @Test func routingComesBeforeTheToken() throws {
        #expect(try backend.signedCall("DELETE", "/api/v1/users/me").code == 10405)
        let me = try backend.signedCall("GET", "/api/v1/users/me")
        #expect(me.code == 20104)
        #expect(me.status == 401)
    }

    @Test func theTokenComesBeforeTheParameters() throws {
        let unauthenticated = try backend.signedCall("POST", "/api/v1/users/profile", parameters: [("nickname", "")])
        #expect(unauthenticated.code == 20104)
        let token = try backend.logIn()
        let loggedIn = try backend.signedCall("POST", "/api/v1/users/profile", parameters: [("nickname", "")], token: token)
        #expect(loggedIn.code == 10005)
    }

    @Test func aRequestThatPassesEveryCheckReachesItsHandler() throws {
        let ping = try backend.signedCall("GET", "/api/v1/ping")
        #expect(ping.code == 0)
        #expect(ping.status == 200)
        #expect(ping.data["server_time"]?.intValue == backend.clock.unixSeconds())
        let token = try backend.logIn()
        #expect(try backend.signedCall("GET", "/api/v1/users/me", token: token).data["user"]?["phone"]?.stringValue?.hasSuffix(TestServer.demoPhone.suffix(4)) == true)
    }

    @Test func everyAPIRequestIsLoggedWithItsCode() throws {
        _ = try backend.signedCall("GET", "/api/v1/no-such-endpoint")
        let line = try #require(backend.logs.lines.last { $0.contains("\"path\":\"/api/v1/no-such-endpoint\"") })
        #expect(line.contains("\"status\":404") && line.contains("\"code\":10404"), "\(line)")
    }
}
