import CountersignClient
import CountersignServer
import HTTP
import JSON
import Testing
import TestSupport

/// Proxy mode end to end: a Countersign in front of a real upstream started by the test (a second
/// Countersign, or the plain Python HTTPS server of Tests/Peers), verifying and forwarding.
@Suite struct ProxyTests {
    /// A proxy to `upstream`, trusting its development CA.
    static func proxy(to upstream: TestServer, _ configure: (inout Configuration) -> Void = { _ in }) throws -> TestServer {
        try TestServer.forAdmin { configuration in
            configuration.proxy.upstream = ("localhost", upstream.port)
            configuration.proxy.caPath = upstream.certificates.caCertificate
            configure(&configuration)
        }
    }

    @Test func aProxiedAnswerIsTheUpstreamsAnswerAsSent() throws {
        let upstream = try TestServer.forAdmin()
        let proxy = try Self.proxy(to: upstream)
        let request = proxy.signer().request("GET", "/api/v1/games", parameters: [("page", "1")])
        let direct = try upstream.client().send(request)
        let proxied = try proxy.client().send(request)
        #expect(proxied.status == direct.status)
        #expect(proxied.headers.map(\.name) == direct.headers.map(\.name))
        // The envelope differs only in the upstream's request id; the proxy passes the upstream's on.
        let directEnvelope = try ReceivedEnvelope(direct)
        let proxiedEnvelope = try ReceivedEnvelope(proxied)
        #expect(proxiedEnvelope.code == 0)
        #expect(proxiedEnvelope.data == directEnvelope.data)
        let upstreamJournal = try AdminClient(upstream).journal()
        #expect(upstreamJournal.first?["request_id"]?.stringValue == proxied.headers["X-Request-Id"])
        #expect(upstreamJournal.first?["verdict"] == "valid")
        let entry = try #require(try AdminClient(proxy).journal().first)
        #expect(entry["verdict"] == "valid")
        #expect(entry["http_status"]?.intValue == 200)
        #expect(entry["code"]?.intValue == 0)
        #expect(entry["proxied"]?["upstream_status"]?.intValue == 200)
        #expect((entry["proxied"]?["upstream_ms"]?.intValue ?? -1) >= 0)
    }

    @Test func aLoggedInFlowWorksThroughTheProxy() throws {
        let upstream = try TestServer.forAdmin()
        let proxy = try Self.proxy(to: upstream)
        let client = try proxy.client()
        let token = try proxy.signedCall("POST", "/api/v1/users/login",
                                         parameters: [("phone", TestServer.demoPhone), ("password", TestServer.demoPassword)], client: client)
        let value = try #require(token.data["token"]?.stringValue)
        let me = try proxy.signedCall("GET", "/api/v1/users/me", token: value, client: client)
        #expect(me.code == 0)
        #expect(me.data["user"]?["id"]?.intValue != nil)
        // The password never reaches the proxy's journal.
        let journal = try AdminClient(proxy).journal()
        #expect(journal.count == 2)
        #expect(!journal.map { JSONWriter.serialize($0) }.joined().contains(TestServer.demoPassword))
    }

    @Test func aWrongSignatureIsJournalledWithItsDiagnosisWhileTheUpstreamAnswers() throws {
        let upstream = try TestServer.forAdmin { $0.signature = .off }
        let proxy = try Self.proxy(to: upstream)
        var wrong = proxy.signer()
        wrong.secret = "not-the-secret"
        let answer = try ReceivedEnvelope(proxy.client().send(wrong.request("GET", "/api/v1/ping")))
        #expect(answer.code == 0)
        let entry = try #require(try AdminClient(proxy).journal().first)
        #expect(entry["verdict"] == "invalid")
        #expect(entry["diagnosis"]?["likely_cause"]?.stringValue != nil)
        #expect(entry["proxied"]?["upstream_status"]?.intValue == 200)
    }

    @Test func rejectModeAnswersAWrongSignatureLocally() throws {
        let upstream = try TestServer.forAdmin()
        let proxy = try Self.proxy(to: upstream) { $0.proxy.badSignature = .reject }
        var wrong = proxy.signer()
        wrong.secret = "not-the-secret"
        let answer = try ReceivedEnvelope(proxy.client().send(wrong.request("GET", "/api/v1/ping")))
        #expect(answer.code == 10003)
        #expect(answer.data["diagnosis"] != nil)
        #expect(try AdminClient(upstream).journal().isEmpty)
        #expect(try AdminClient(proxy).journal().first?["proxied"] == nil)
    }

    @Test func aStubAndAFaultAnswerBeforeTheUpstream() throws {
        let upstream = try TestServer.forAdmin()
        let proxy = try Self.proxy(to: upstream)
        let admin = try AdminClient(proxy)
        #expect(try admin.call("POST", "/__admin/stubs", #"{"method": "GET", "path": "/api/v1/banner", "data": {"text": "local"}}"#).status == 201)
        #expect(try admin.call("POST", "/__admin/faults", #"{"path": "/api/v1/ping", "code": 50000, "message": "injected"}"#).status == 201)
        let stubbed = try proxy.signedCall("GET", "/api/v1/banner")
        #expect(stubbed.data["text"] == "local")
        let faulted = try proxy.signedCall("GET", "/api/v1/ping")
        #expect(faulted.code == 50000)
        #expect(faulted.message == "injected")
        // The fault changed the upstream's answer: the upstream did answer the ping.
        #expect(try AdminClient(upstream).journal().map { $0["path"] } == ["/api/v1/ping"])
    }

    @Test func anUpstreamRequiringMutualTLSGetsTheProxysClientIdentity() throws {
        let upstream = try TestServer.forAdmin { $0.clientAuth = .require }
        let proxy = try Self.proxy(to: upstream) { $0.proxy.clientIdentityPath = upstream.certificates.clientP12 }
        #expect(try proxy.signedCall("GET", "/api/v1/ping").code == 0)

        let anonymous = try Self.proxy(to: upstream)
        let refused = try anonymous.signedCall("GET", "/api/v1/ping")
        #expect(refused.status == 502)
        #expect(refused.message.hasPrefix("upstream TLS failure"))
    }
}
