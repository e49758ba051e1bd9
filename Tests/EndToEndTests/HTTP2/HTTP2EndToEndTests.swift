import CountersignClient
import HTTP
import HTTP2
import JSON
import Testing
import TestSupport

/// The API over HTTP/2, as URLSession and OkHttp speak it once the server offers `h2`: the same
/// answers as over HTTP/1.1, many calls on one connection.
@Suite struct HTTP2EndToEndTests {
    let server: TestServer
    let admin: AdminClient

    init() throws {
        server = try TestServer.forAdmin()
        admin = try AdminClient(server)
    }

    private func call(_ client: HTTP2Client, _ method: String, _ path: String, parameters: [(String, String)] = [],
                      token: String? = nil) throws -> ReceivedEnvelope {
        var signer = server.signer()
        signer.token = token
        return try ReceivedEnvelope(client.send(signer.request(method, path, parameters: parameters)))
    }

    @Test func theSeedFlowLoginCheckInAndExpiry() throws {
        let client = try server.http2Client()
        let login = try call(client, "POST", "/api/v1/users/login",
                             parameters: [("phone", TestServer.demoPhone), ("password", TestServer.demoPassword)])
        #expect(login.code == 0)
        #expect(client.negotiatedALPN == "h2")
        let token = try #require(login.data["token"]?.stringValue)
        let checkin = try call(client, "POST", "/api/v1/checkin", token: token)
        #expect(checkin.code == 0 || checkin.code == 20105, "\(checkin.message)")
        #expect(try admin.call("POST", "/__admin/tokens/expire", #"{"phone": "\#(TestServer.demoPhone)"}"#).status == 200)
        let expired = try call(client, "GET", "/api/v1/checkin", token: token)
        #expect(expired.code == 20104)
        #expect(expired.status == 401)
    }

    @Test func theAnswerIsTheOneHTTP1Gets() throws {
        let overHTTP1 = try server.signedCall("GET", "/api/v1/no-such-thing")
        let overHTTP2 = try call(server.http2Client(), "GET", "/api/v1/no-such-thing")
        #expect(overHTTP2.code == overHTTP1.code)
        #expect(overHTTP2.status == overHTTP1.status)
        #expect(overHTTP2.message == overHTTP1.message)
        #expect(overHTTP2.headers["content-type"] == overHTTP1.headers["Content-Type"])
    }

    @Test func aBadSignatureIsExplainedWithTheConfiguredSpelling() throws {
        let client = try server.http2Client()
        let wrong = try ReceivedEnvelope(client.send(MobileRequestSigner(secret: "not-the-secret").request("GET", "/api/v1/ping")))
        #expect(wrong.code == 10003)
        #expect(wrong.status == 403)
        let diagnosis = try #require(wrong.data["diagnosis"])
        #expect(diagnosis["canonical"] == "X-API-VERSION1.0<secret>")
        #expect(diagnosis["keys"] == ["X-API-VERSION"])
    }

    @Test func namesSignedAsHTTP2SendsThemAreExplained() throws {
        // The app signed the names as its HTTP/2 stack put them on the wire: lowercase.
        var request = server.signer().request("GET", "/api/v1/ping")
        let signed = MobileRequestSigner.signature(parameters: [], headers: [("x-api-version", "1.0")], secret: TestServer.defaultSecret)
        request.headers.replaceOrAdd(name: "X-SIGNATURE", value: signed)
        let envelope = try ReceivedEnvelope(server.http2Client().send(request))
        #expect(envelope.code == 10003)
        let diagnosis = try #require(envelope.data["diagnosis"])
        #expect(diagnosis["likely_cause"] == "header-name-spelling")
        let detail = diagnosis["detail"]?.stringValue ?? ""
        #expect(detail.hasPrefix("HTTP/2 always sends header names lowercase"), "\(detail)")
        #expect(detail.contains("configured spelling X-API-VERSION"), "\(detail)")
        // The same mistake over HTTP/1.1 is explained without HTTP/2.
        let overHTTP1 = try ReceivedEnvelope(server.client().send(request))
        #expect(overHTTP1.data["diagnosis"]?["detail"]?.stringValue?.contains("HTTP/2") == false)
    }

    @Test(arguments: [true, false])
    func aHeaderSignedOutsideTheSignedSetIsNamed(overHTTP2: Bool) throws {
        // The app also signs X-Trace, which the server does not sign.
        var request = server.signer().request("GET", "/api/v1/ping")
        request.headers.add(name: "X-Trace", value: "abc")
        let signed = MobileRequestSigner.signature(parameters: [], headers: [("X-API-VERSION", "1.0"), ("X-Trace", "abc")],
                                                   secret: TestServer.defaultSecret)
        request.headers.replaceOrAdd(name: "X-SIGNATURE", value: signed)
        let response = overHTTP2 ? try server.http2Client().send(request) : try server.client().send(request)
        let diagnosis = try #require(try ReceivedEnvelope(response).data["diagnosis"])
        #expect(diagnosis["likely_cause"] == "header-outside-signed-set")
        let detail = diagnosis["detail"]?.stringValue ?? ""
        #expect(detail.contains("the header X-Trace signed too"), "\(detail)")
    }

    @Test func aHundredConcurrentStreamsOnOneConnection() throws {
        let client = try server.http2Client()
        let requests = (0..<100).map { _ in server.signer().request("GET", "/api/v1/ping") }
        let results = try client.send(requests)
        #expect(results.count == 100)
        let codes = try results.map { result -> Int64 in
            guard case .response(let response) = result else { return -1 }
            return try ReceivedEnvelope(response).code
        }
        #expect(codes.allSatisfy { $0 == 0 }, "\(codes)")
    }

    @Test func theJournalAndTheMetricsRecordTheProtocolAndTheNamesAsReceived() throws {
        #expect(try call(server.http2Client(), "GET", "/api/v1/ping").code == 0)
        #expect(try server.signedCall("GET", "/api/v1/ping").code == 0)
        let entries = try admin.journal("?path=/api/v1/ping")
        #expect(entries.compactMap { $0["protocol"]?.stringValue } == ["http/1.1", "h2"])
        let names = entries.last?["header_names"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(names.contains("x-api-version") && names.contains("x-signature") && names.contains("host"), "\(names)")
        #expect(entries.last?["headers"]?["X-API-VERSION"] == "1.0", "signed headers keep their configured spelling")
        let scrape = try server.client().send(HTTPRequest(method: "GET", target: "/metrics", headers: ["Host": "localhost"]))
        let metrics = String(decoding: scrape.body, as: UTF8.self).split(separator: "\n")
        #expect(metrics.contains(#"countersign_requests_by_protocol_total{protocol="h2"} 1"#))
        #expect(metrics.contains { $0.hasPrefix(#"countersign_requests_by_protocol_total{protocol="http/1.1"}"#) })
    }

    @Test func offTheServerOffersOnlyHTTP1() throws {
        let server = try TestServer { $0.http2 = false }
        #expect(throws: ClientError.self) { try server.http2Client().connect() }
        #expect(try server.signedCall("GET", "/api/v1/ping").code == 0)
    }

    @Test func mutualTLSRequiredHoldsOverHTTP2() throws {
        let server = try TestServer { $0.clientAuth = .require }
        #expect(throws: ClientError.self) { _ = try call(server.http2Client(), "GET", "/api/v1/ping") }
        var tls = server.clientTLS()
        tls.clientCertificatePEMPath = server.certificates.clientCertificate
        tls.clientPrivateKeyPEMPath = server.certificates.clientKey
        let envelope = try ReceivedEnvelope(server.http2Client(tls: tls).send(server.signer().request("GET", "/api/v1/ping")))
        #expect(envelope.code == 0)
    }
}

/// `countersign call --http2` (the built binary) speaks h2 and `-v` says which protocol it spoke.
@Suite struct HTTP2CallCommandTests {
    @Test func callWithHTTP2SpeaksH2AndSaysSo() async throws {
        let server = try TestServer()
        let state = TemporaryDirectory("call-http2")
        let options = ["--port", "\(server.port)", "--certs", server.certificates.directory, "--state-dir", state.path,
                       "--secret", TestServer.defaultSecret, "-v", "GET", "/api/v1/ping"]
        let overHTTP2 = try await ExternalCommand.run(ServerProcess.executablePath, ["call", "--http2"] + options)
        #expect(overHTTP2.status == 0, "\(overHTTP2.errorOutput)")
        #expect(overHTTP2.output.contains("protocol: h2"))
        #expect(overHTTP2.output.contains("< content-type: application/json"), "names arrive lowercase: \(overHTTP2.output)")
        #expect(overHTTP2.output.contains("\"pong\": true"))
        let overHTTP1 = try await ExternalCommand.run(ServerProcess.executablePath, ["call"] + options)
        #expect(overHTTP1.output.contains("protocol: http/1.1"))
    }
}
