import CountersignClient
import Foundation
import JSON
import Testing
import TestSupport

/// Injected faults (API.md "Admin API"): each kind as the client sees it, matching, `times`, and
/// the signature check that still comes first.
@Suite struct AdminFaultTests {
    /// What a loaded machine may add to a request that waits on purpose: a ceiling that still tells
    /// the asked time from a unit or a factor of ten.
    static let loadRoomSeconds = 3.0

    let server: TestServer
    let admin: AdminClient

    init() throws {
        server = try TestServer.forAdmin()
        admin = try AdminClient(server)
    }

    /// Adds a fault and returns its id.
    @discardableResult
    private func inject(_ json: String) throws -> Int64 {
        let reply = try admin.call("POST", "/__admin/faults", json)
        #expect(reply.status == 201, "\(reply.text)")
        return try #require(reply.json?["id"]?.intValue)
    }

    /// Runs curl on a signed GET of `path` over HTTP/1.1 (HTTP2FaultTests has the HTTP/2 cases);
    /// returns its exit status and error text.
    private func curl(_ path: String) async throws -> ExternalCommand {
        let signature = try #require(server.signer().request("GET", path).headers["X-SIGNATURE"])
        return try await ExternalCommand.run("curl", ["--silent", "--show-error", "--http1.1", "--max-time", "10", "--cacert", server.certificates.caCertificate,
                                                "-H", "X-API-VERSION: 1.0", "-H", "X-SIGNATURE: \(signature)",
                                                "https://localhost:\(server.port)\(path)"])
    }

    @Test func businessCodeAndMessageInTheEnvelopeOnce() throws {
        let id = try inject(#"{"method": "GET", "path": "/api/v1/ping", "times": 1, "code": 20103, "message": "Your account is under review"}"#)
        let faulted = try server.signedCall("GET", "/api/v1/ping")
        #expect(faulted.code == 20103)
        #expect(faulted.message == "Your account is under review")
        #expect(faulted.status == 200)
        #expect(faulted.data == .null)
        #expect(try server.signedCall("GET", "/api/v1/ping").code == 0, "times 1 applies once")
        #expect(try admin.call("GET", "/__admin/faults").json?["faults"] == [])
        #expect(try admin.call("DELETE", "/__admin/faults/\(id)").status == 404)
        #expect(try admin.journal().compactMap { $0["code"]?.intValue } == [0, 20103])
    }

    @Test func codeAloneGetsItsStatusAndUsualMessage() throws {
        try inject(#"{"path": "/api/v1/games", "code": 20104}"#)
        let loggedOut = try server.signedCall("GET", "/api/v1/games")
        #expect(loggedOut.code == 20104)
        #expect(loggedOut.status == 401)
        #expect(loggedOut.message.contains("log in"))
        try inject(#"{"path": "/api/v1/ping", "code": 30001, "http_status": 503}"#)
        let custom = try server.signedCall("GET", "/api/v1/ping")
        #expect(custom.code == 30001)
        #expect(custom.status == 503)
    }

    @Test func httpStatusAloneKeepsTheNormalBody() throws {
        try inject(#"{"path": "/api/v1/ping", "http_status": 502}"#)
        let envelope = try server.signedCall("GET", "/api/v1/ping")
        #expect(envelope.status == 502)
        #expect(envelope.code == 0)
        #expect(envelope.data["pong"] == true)
    }

    @Test func delayIsMeasuredAndATimeoutIsSeen() throws {
        try inject(#"{"path": "/api/v1/ping", "delay_ms": 400, "times": 1}"#)
        let client = try server.client()
        try client.connect()
        let started = Date()
        #expect(try server.signedCall("GET", "/api/v1/ping", client: client).code == 0)
        let elapsed = Date().timeIntervalSince(started)
        // At least the asked time; the ceiling only leaves a loaded machine room (FaultAnswerTests
        // check the exact plan in memory).
        #expect(elapsed >= 0.4 && elapsed < 0.4 + Self.loadRoomSeconds, "took \(elapsed) s")

        // 5 s against the client's 1 s: a thread paused between send and receive cannot close the gap.
        try inject(#"{"path": "/api/v1/ping", "delay_ms": 5000, "times": 1}"#)
        let impatient = try TLSClient(host: "127.0.0.1", port: server.port, tls: server.clientTLS(), timeoutSeconds: 1)
        #expect(throws: ClientError.self) { try impatient.send(server.signer().request("GET", "/api/v1/ping")) }
    }

    @Test func dropClosesWithoutAnAnswer() async throws {
        try inject(#"{"path": "/api/v1/ping", "kind": "drop", "times": 1}"#)
        let result = try await curl("/api/v1/ping")
        #expect(result.status == 52, "\(result.errorOutput)")  // CURLE_GOT_NOTHING: "Empty reply from server"
        let entry = try #require(try admin.journal().first)
        #expect(entry["verdict"] == "valid")
        #expect(entry["http_status"] == .null)
        #expect(entry["code"] == .null)
    }

    @Test func resetAbortsWithATCPReset() async throws {
        try inject(#"{"path": "/api/v1/ping", "kind": "reset", "times": 1}"#)
        let result = try await curl("/api/v1/ping")
        #expect(result.status == 56, "\(result.errorOutput)")  // CURLE_RECV_ERROR
        #expect(result.errorOutput.contains("reset"), "\(result.errorOutput)")
        #expect(try await curl("/api/v1/ping").status == 0)
    }

    @Test func slowBodyTakesAboutTheAskedTime() throws {
        try inject(#"{"path": "/api/v1/ping", "kind": "slow_body", "duration_ms": 800}"#)
        let client = try server.client()
        try client.connect()
        let started = Date()
        let envelope = try server.signedCall("GET", "/api/v1/ping", client: client)
        let elapsed = Date().timeIntervalSince(started)
        #expect(envelope.code == 0)
        #expect(elapsed >= 0.75 && elapsed < 0.8 + Self.loadRoomSeconds, "took \(elapsed) s")
    }

    @Test func malformedJSONDoesNotParse() throws {
        try inject(#"{"path": "/api/v1/ping", "kind": "malformed_json"}"#)
        let response = try server.client().send(server.signer().request("GET", "/api/v1/ping"))
        #expect(response.status.code == 200)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(!response.body.isEmpty)
        #expect(throws: JSONError.self) { try JSONParser.parse(response.body) }
    }

    @Test func matchesMethodAndGlobAndNeverHidesABadSignature() throws {
        try inject(#"{"method": "GET", "path": "/api/v1/users/*", "code": 20103}"#)
        #expect(try server.signedCall("GET", "/api/v1/users/me").code == 20103)
        #expect(try server.signedCall("POST", "/api/v1/users/logout").code == 20104)
        #expect(try server.signedCall("GET", "/api/v1/ping").code == 0)
        let wrong = try ReceivedEnvelope(server.client().send(MobileRequestSigner(secret: "wrong").request("GET", "/api/v1/users/me")))
        #expect(wrong.code == 10003)
        #expect(try admin.journal("?limit=1").first?["verdict"] == "invalid")
    }

    @Test func listsAndRemovesFaults() throws {
        let first = try inject(#"{"path": "/api/v1/ping", "delay_ms": 10}"#)
        let second = try inject(#"{"path": "/api/v1/games", "kind": "slow_body"}"#)
        let listed = try #require(try admin.call("GET", "/__admin/faults").json?["faults"]?.arrayValue)
        #expect(listed.map { $0["id"]?.intValue } == [first, second])
        #expect(listed.last?["duration_ms"] == 2000)
        #expect(try admin.call("DELETE", "/__admin/faults/\(first)").status == 204)
        #expect(try admin.call("GET", "/__admin/faults").json?["faults"]?.arrayValue?.count == 1)
        #expect(try admin.call("DELETE", "/__admin/faults").status == 204)
        #expect(try admin.call("GET", "/__admin/faults").text == #"{"faults":[]}"#)
    }

    @Test func refusesFaultsThatCannotBeRight() throws {
        for body in [#"{"path": "/api/v1/ping", "delay": 100}"#, #"{"delay_ms": 100}"#, #"{"path": "/healthz", "code": 1}"#,
                     #"{"path": "/api/v1/ping"}"#, #"{"path": "/api/v1/ping", "kind": "explode"}"#,
                     #"{"path": "/api/v1/ping", "message": "no code"}"#, #"{"path": "/api/v1/ping", "duration_ms": 5}"#,
                     #"{"path": "/api/v1/ping", "http_status": 99}"#, #"{"path": "/api/v1/ping", "http_status": 100}"#,
                     #"{"path": "/api/v1/ping", "http_status": 199}"#, "[1]", "{"] {
            let reply = try admin.call("POST", "/__admin/faults", body)
            #expect(reply.status == 400, "\(body): \(reply.text)")
            #expect(reply.json?["error"]?.stringValue?.isEmpty == false)
        }
        let interim = try admin.call("POST", "/__admin/faults", #"{"path": "/api/v1/ping", "http_status": 100}"#)
        #expect(interim.json?["error"]?.stringValue?.contains("from 200 to 599") == true, "\(interim.text)")
        #expect(try admin.call("POST", "/__admin/faults", #"{"path": "/api/v1/ping", "http_status": 200}"#).status == 201)
    }
}
