import CountersignClient
import Foundation
import HTTP
import JSON
import Testing
import TestSupport

/// API.md "Order of checks" and "Signature errors explain themselves", over TLS.
@Suite(.serialized) struct SignatureEndToEndTests {
    let server: TestServer
    init() throws { server = try TestServer() }

    private func send(_ request: HTTPRequest) throws -> ReceivedEnvelope {
        try ReceivedEnvelope(server.client().send(request))
    }

    private func removing(_ header: String, from request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.headers.remove(name: header)
        return request
    }

    @Test func missingHeadersAreNamed() throws {
        let ping = server.signer().request("GET", "/api/v1/ping")
        let noVersion = try send(removing("X-API-VERSION", from: ping))
        #expect(noVersion.code == 10001)
        #expect(noVersion.status == 400)
        #expect(noVersion.message.contains("X-API-VERSION"))
        let noSignature = try send(removing("X-SIGNATURE", from: ping))
        #expect(noSignature.code == 10001)
        #expect(noSignature.message.contains("X-SIGNATURE"))
    }

    @Test func unsupportedVersionIs10002() throws {
        var signer = server.signer()
        signer.apiVersion = "2.0"
        let envelope = try send(signer.request("GET", "/api/v1/ping"))
        #expect(envelope.code == 10002)
        #expect(envelope.status == 400)
    }

    @Test func malformedBodyIs10006BeforeTheSignature() throws {
        var request = server.signer().request("POST", "/api/v1/users/login", parameters: [("phone", "1")])
        request.headers.replaceOrAdd(name: "Content-Type", value: "application/json")
        request.body = Array("{not json".utf8)
        let envelope = try send(request)
        #expect(envelope.code == 10006)
        #expect(envelope.status == 400)
    }

    @Test func validSignaturePassesAndWrongSecretIsExplained() throws {
        let ok = try send(server.signer().request("GET", "/api/v1/ping"))
        #expect(ok.code == 0)
        #expect(ok.data["pong"] == true)

        let wrong = try send(MobileRequestSigner(secret: "not-the-secret").request("GET", "/api/v1/ping"))
        #expect(wrong.code == 10003)
        #expect(wrong.status == 403)
        let diagnosis = try #require(wrong.data["diagnosis"])
        #expect(diagnosis["likely_cause"] == "unknown")
        #expect(diagnosis["canonical"] == "X-API-VERSION1.0<secret>")
        #expect(diagnosis["keys"] == ["X-API-VERSION"])
        #expect(diagnosis["received"]?.stringValue?.count == 32)
    }

    @Test func boolSentAsNumberIsDiagnosed() throws {
        // The client signs push=true but URLEncoding sends push=1.
        var signer = server.signer()
        signer.deviceID = "DEVICE-1"
        let signed = MobileRequestSigner.signature(parameters: [("push", "true")], headers: signer.signedHeaders, secret: TestServer.defaultSecret)
        var request = signer.request("GET", "/api/v1/settings", parameters: [("push", "1")])
        request.headers.replaceOrAdd(name: "X-SIGNATURE", value: signed)
        let envelope = try send(request)
        #expect(envelope.code == 10003)
        #expect(envelope.data["diagnosis"]?["likely_cause"] == "bool-encoded-as-number")
        #expect(envelope.message.contains("push"))
    }

    @Test func tokensAreShortenedInTheDiagnosis() throws {
        var signer = MobileRequestSigner(secret: "wrong")
        let token = String(repeating: "0a8c81db", count: 8)
        signer.token = token
        let envelope = try send(signer.request("GET", "/api/v1/checkin"))
        let canonical = try #require(envelope.data["diagnosis"]?["canonical"]?.stringValue)
        #expect(canonical.hasPrefix("AuthorizationBearer 0a8c81db…"))
        #expect(!canonical.contains(token))
    }

    @Test func signatureIsCheckedBeforeRouting() throws {
        let unsigned = try send(MobileRequestSigner(secret: "wrong").request("GET", "/api/v1/no-such-thing"))
        #expect(unsigned.code == 10003)
        let signed = try send(server.signer().request("GET", "/api/v1/no-such-thing"))
        #expect(signed.code == 10404)
        #expect(signed.status == 404)
        let wrongMethod = try send(server.signer().request("DELETE", "/api/v1/games"))
        #expect(wrongMethod.code == 10405)
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["Allow"] == "GET")
    }

    @Test func hexCaseIsIgnored() throws {
        var request = server.signer().request("GET", "/api/v1/ping")
        request.headers.replaceOrAdd(name: "X-SIGNATURE", value: (request.headers["X-SIGNATURE"] ?? "").lowercased())
        #expect(try send(request).code == 0)
    }

    @Test func sameNameInQueryAndBodyIs10005AfterTheSignature() throws {
        let signer = server.signer()
        var request = signer.request("POST", "/api/v1/users/login", parameters: [("phone", TestServer.demoPhone), ("password", TestServer.demoPassword)])
        request.target += "?phone=\(TestServer.demoPhone)"
        // The client signed its parameters dictionary, where the name is once.
        let signature = MobileRequestSigner.signature(
            parameters: [("phone", TestServer.demoPhone), ("password", TestServer.demoPassword)],
            headers: signer.signedHeaders, secret: TestServer.defaultSecret)
        request.headers.replaceOrAdd(name: "X-SIGNATURE", value: signature)
        let envelope = try send(request)
        #expect(envelope.code == 10005)
        #expect(envelope.message.contains("phone"))
    }

    @Test func everyResponseCarriesARequestIDAndJSONContentType() throws {
        let response = try server.client().send(server.signer().request("GET", "/api/v1/ping"))
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(response.headers["X-Request-Id"]?.isEmpty == false)
    }

    @Test func messagesFollowAcceptLanguage() throws {
        let expected: [(String, String)] = [
            ("zh-Hans-CN;q=1.0, en-CN;q=0.9", "请重新登录"),
            ("zh-TW", "請重新登入"),
            ("ko-KR", "다시 로그인해 주세요"),
            ("fr-FR", "please log in again"),
        ]
        for (header, fragment) in expected {
            var signer = server.signer()
            signer.language = header
            let envelope = try send(signer.request("GET", "/api/v1/users/me"))
            #expect(envelope.code == 20104)
            #expect(envelope.message.contains(fragment), "\(header): \(envelope.message)")
        }
    }

    @Test func theSecretNeverAppearsInResponsesOrLogs() throws {
        let client = try server.client()
        for request in [MobileRequestSigner(secret: "wrong").request("GET", "/api/v1/games", parameters: [("page", "1")]),
                        server.signer().request("GET", "/api/v1/ping")] {
            let response = try client.send(request)
            #expect(!String(decoding: response.body, as: UTF8.self).contains(TestServer.defaultSecret))
        }
        #expect(!server.logs.lines.isEmpty)
        #expect(server.logs.lines.allSatisfy { !$0.contains(TestServer.defaultSecret) })
    }
}

@Suite struct ModeEndToEndTests {
    @Test func productionModeGivesNoDiagnosis() throws {
        let server = try TestServer { $0.mode = .production }
        let envelope = try ReceivedEnvelope(server.client().send(MobileRequestSigner(secret: "wrong").request("GET", "/api/v1/ping")))
        #expect(envelope.code == 10003)
        #expect(envelope.data == .null)
        #expect(envelope.message == "signature mismatch")
    }

    @Test func always200KeepsTheEnvelope() throws {
        let server = try TestServer { $0.httpStatus = .always200 }
        let envelope = try ReceivedEnvelope(server.client().send(server.signer().request("GET", "/api/v1/users/me")))
        #expect(envelope.status == 200)
        #expect(envelope.code == 20104)
    }

    @Test func optionalSignatureAcceptsUnsignedButRejectsWrong() throws {
        let server = try TestServer { $0.signature = .optional }
        var unsigned = server.signer().request("GET", "/api/v1/ping")
        unsigned.headers.remove(name: "X-SIGNATURE")
        #expect(try ReceivedEnvelope(server.client().send(unsigned)).code == 0)
        let wrong = try ReceivedEnvelope(server.client().send(MobileRequestSigner(secret: "wrong").request("GET", "/api/v1/ping")))
        #expect(wrong.code == 10003)
    }

    @Test func secretOverrideReplacesTheDefaultAppsSecret() throws {
        let server = try TestServer { $0.secret = "overridden-secret" }
        #expect(try ReceivedEnvelope(server.client().send(MobileRequestSigner(secret: "overridden-secret").request("GET", "/api/v1/ping"))).code == 0)
        #expect(try ReceivedEnvelope(server.client().send(server.signer().request("GET", "/api/v1/ping"))).code == 10003)
    }

    @Test func expiredTokenIsNotLoggedIn() throws {
        let clock = ManualClock(unixSeconds: Int64(Date().timeIntervalSince1970))
        let server = try TestServer(clock: clock) { $0.tokenTTLSeconds = 3 }
        let client = try server.client()
        var signer = server.signer()
        let login = try ReceivedEnvelope(client.send(signer.request("POST", "/api/v1/users/login",
            parameters: [("phone", TestServer.demoPhone), ("password", TestServer.demoPassword)])))
        signer.token = try #require(login.data["token"]?.stringValue)
        #expect(try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/users/me"))).code == 0)
        clock.advance(by: 3)
        let expired = try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/users/me")))
        #expect(expired.code == 20104)
        #expect(expired.status == 401)
    }
}
