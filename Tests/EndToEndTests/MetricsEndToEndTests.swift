import CountersignClient
import HTTP
import Testing
import TestSupport

/// `GET /metrics` over TLS: the Prometheus text format, counts that follow the requests exactly,
/// route templates instead of paths, and nothing secret.
@Suite(.serialized) struct MetricsEndToEndTests {
    let server: TestServer
    init() throws { server = try TestServer.forAdmin() }

    /// One scrape: the series (`name{labels}`) and their values.
    private struct Scrape {
        let response: HTTPResponse
        let text: String
        let values: [String: Double]

        init(_ response: HTTPResponse) {
            self.response = response
            text = String(decoding: response.body, as: UTF8.self)
            var values: [String: Double] = [:]
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                guard let space = line.lastIndex(of: " ") else { continue }
                values[String(line[..<space])] = Double(line[line.index(after: space)...])
            }
            self.values = values
        }

        subscript(series: String) -> Double { values[series] ?? 0 }
    }

    private func scrape(_ client: TLSClient, method: String = "GET") throws -> Scrape {
        try Scrape(get(client, "/metrics", method: method))
    }

    private func logIn(_ client: TLSClient) throws -> ReceivedEnvelope {
        let credentials = [("phone", TestServer.demoPhone), ("password", TestServer.demoPassword)]
        return try ReceivedEnvelope(client.send(server.signer().request("POST", "/api/v1/users/login", parameters: credentials)))
    }

    private func get(_ client: TLSClient, _ target: String, method: String = "GET") throws -> HTTPResponse {
        try client.send(HTTPRequest(method: method, target: target, headers: HTTPHeaders([(name: "Host", value: "localhost")])))
    }

    private func requests(_ route: String, _ method: String, _ status: String, _ code: String) -> String {
        #"countersign_requests_total{route="\#(route)",method="\#(method)",status="\#(status)",code="\#(code)"}"#
    }

    @Test func countsFollowTheRequestsExactly() throws {
        let client = try server.client()
        let before = try scrape(client)
        #expect(before.response.status.code == 200)
        #expect(before.response.headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8")

        let signer = server.signer()
        #expect(try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/ping"))).code == 0)
        #expect(try ReceivedEnvelope(client.send(MobileRequestSigner(secret: "wrong").request("GET", "/api/v1/ping"))).code == 10003)
        let login = try logIn(client)
        var loggedIn = signer
        loggedIn.token = try #require(login.data["token"]?.stringValue)
        #expect(try ReceivedEnvelope(client.send(loggedIn.request("POST", "/api/v1/checkin"))).code == 0)
        #expect(try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/no-such-route"))).code == 10404)
        client.close()
        let after = try scrape(client)
        #expect(client.sessionWasReused)

        let delta = { (series: String) in after[series] - before[series] }
        #expect(delta(requests("/api/v1/ping", "GET", "200", "0")) == 1)
        #expect(delta(requests("/api/v1/ping", "GET", "403", "10003")) == 1)
        #expect(delta(requests("/api/v1/users/login", "POST", "200", "0")) == 1)
        #expect(delta(requests("/api/v1/checkin", "POST", "200", "0")) == 1)
        #expect(delta(requests("other", "GET", "404", "10404")) == 1)
        #expect(delta(requests("/metrics", "GET", "200", "")) == 1, "the first scrape, counted once answered")
        #expect(!after.text.contains("no-such-route"))

        // The 10404 was signed correctly: the signature is checked before the route.
        #expect(delta(#"countersign_signature_verdicts_total{verdict="valid"}"#) == 4)
        #expect(delta(#"countersign_signature_verdicts_total{verdict="invalid"}"#) == 1)
        #expect(delta(#"countersign_signature_verdicts_total{verdict="missing"}"#) == 0)
        #expect(delta(#"countersign_signature_verdicts_total{verdict="skipped"}"#) == 0)

        #expect(delta(#"countersign_request_duration_seconds_count{route="/api/v1/ping"}"#) == 2)
        #expect(delta(#"countersign_request_duration_seconds_bucket{route="/api/v1/ping",le="+Inf"}"#) == 2)
        let counts = after.values.filter { $0.key.hasPrefix("countersign_request_duration_seconds_count{") }.values.reduce(0, +)
        let countsBefore = before.values.filter { $0.key.hasPrefix("countersign_request_duration_seconds_count{") }.values.reduce(0, +)
        #expect(counts - countsBefore == 6)
        #expect(delta(#"countersign_request_duration_seconds_sum{route="/api/v1/ping"}"#) > 0)

        #expect(after["countersign_open_connections"] >= 1)
        #expect(after[#"countersign_tls_handshakes_total{kind="full"}"#] >= 1)
        #expect(after[#"countersign_tls_handshakes_total{kind="resumed"}"#] >= 1)
        #expect(delta("countersign_sqlite_statements_total") > 0)
        #expect(delta("countersign_sqlite_seconds_total") > 0)
        #expect(after["process_resident_memory_bytes"] > 1_000_000)
        #expect(after["process_start_time_seconds"] > 1_600_000_000)
    }

    @Test func routesAreTemplatesAndHeadHasNoBody() throws {
        let admin = try AdminClient(server)
        let stub = try admin.call("POST", "/__admin/stubs", #"{"method":"GET","path":"/api/v1/metrics-probe","data":{"ok":true}}"#)
        #expect(stub.status == 201)
        let client = try server.client()
        #expect(try ReceivedEnvelope(client.send(server.signer().request("GET", "/api/v1/metrics-probe"))).code == 0)
        #expect(try get(client, "/healthz?probe=1").status.code == 200)
        #expect(try get(client, "/favicon.ico").status.code == 404)

        let head = try scrape(client, method: "HEAD")
        #expect(head.response.status.code == 200)
        #expect(head.response.body.isEmpty)
        #expect(head.response.headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8")

        let scraped = try scrape(client)
        #expect(scraped[requests("/api/v1/metrics-probe", "GET", "200", "0")] == 1)
        #expect(scraped[requests("/__admin", "POST", "201", "")] == 1)
        #expect(scraped[requests("/healthz", "GET", "200", "")] == 1)
        #expect(scraped[requests("other", "GET", "404", "")] == 1)
        #expect(scraped[requests("/metrics", "HEAD", "200", "")] == 1)
        #expect(!scraped.text.contains("favicon") && !scraped.text.contains("probe=1"))
    }

    @Test func failedHandshakesAreCounted() throws {
        let client = try server.client()
        let before = try scrape(client)
        let plainHTTP = try HostileSocket(port: server.port)
        _ = plainHTTP.send(Array("GET /metrics HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8))
        #expect(plainHTTP.serverCloses())
        let after = try scrape(client)
        #expect(after["countersign_tls_handshake_failures_total"] - before["countersign_tls_handshake_failures_total"] == 1)
    }

    @Test func holdsNoTokenPhoneOrSecret() throws {
        let client = try server.client()
        var signer = server.signer()
        let login = try logIn(client)
        let token = try #require(login.data["token"]?.stringValue)
        signer.token = token
        let nickname = "Canary-Nickname-7"
        let profile = signer.request("POST", "/api/v1/users/profile", parameters: [("nickname", nickname)])
        #expect(try ReceivedEnvelope(client.send(profile)).code == 0)
        #expect(try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/users/me"))).code == 0)

        let text = try scrape(client).text
        #expect(text.contains(#"route="/api/v1/users/profile""#))
        for secret in [token, String(token.prefix(8)), TestServer.demoPhone, "138****0000", TestServer.demoPassword,
                       TestServer.defaultSecret, nickname, "Bearer"] {
            #expect(!text.contains(secret), "/metrics shows \(secret)")
        }
    }
}
