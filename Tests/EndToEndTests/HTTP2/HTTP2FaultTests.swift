import CountersignClient
import Foundation
import HTTP
import HTTP2
import JSON
import Testing
import TestSupport

/// Injected faults over HTTP/2: a reset is one stream's RST_STREAM while the others go on, a drop is
/// a GOAWAY and a close, a slow body dribbles DATA frames.
@Suite struct HTTP2FaultTests {
    let server: TestServer
    let admin: AdminClient

    init() throws {
        server = try TestServer.forAdmin()
        admin = try AdminClient(server)
    }

    private func inject(_ json: String) throws {
        let reply = try admin.call("POST", "/__admin/faults", json)
        #expect(reply.status == 201, "\(reply.text)")
    }

    private func ping() -> HTTPRequest { server.signer().request("GET", "/api/v1/ping") }

    @Test func resetEndsOnlyItsStream() throws {
        try inject(#"{"path": "/api/v1/ping", "kind": "reset", "times": 1}"#)
        let client = try server.http2Client()
        let results = try client.send([ping(), server.signer().request("GET", "/api/v1/no-such-thing"), ping()])
        #expect(results.first == .reset(errorCode: 2))
        guard case .response(let other) = results[1], case .response(let third) = results[2] else {
            Issue.record("the other streams did not finish: \(results)")
            return
        }
        #expect(try ReceivedEnvelope(other).code == 10404)
        #expect(try ReceivedEnvelope(third).code == 0)
        #expect(try ReceivedEnvelope(client.send(ping())).code == 0, "the connection goes on")
    }

    @Test func dropIsAGoAwayAndACloseThenANewConnectionWorks() throws {
        try inject(#"{"path": "/api/v1/ping", "kind": "drop", "times": 1}"#)
        let client = try server.http2Client()
        #expect(throws: ClientError.self) { try client.send(ping()) }
        #expect(try ReceivedEnvelope(client.send(ping())).code == 0)
    }

    @Test func delayHoldsOneStreamWhileTheOthersAnswer() throws {
        try inject(#"{"path": "/api/v1/ping", "delay_ms": 600, "times": 1}"#)
        let client = try server.http2Client()
        let started = Date()
        let results = try client.send([ping(), server.signer().request("GET", "/api/v1/no-such-thing")])
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 0.55, "took \(elapsed) s")
        guard case .response(let delayed) = results[0] else {
            Issue.record("\(results)")
            return
        }
        #expect(try ReceivedEnvelope(delayed).code == 0)
    }

    @Test func slowBodyArrivesWholeAfterTheAskedTime() throws {
        try inject(#"{"path": "/api/v1/ping", "kind": "slow_body", "duration_ms": 800}"#)
        let client = try server.http2Client()
        try client.connect()
        let started = Date()
        let envelope = try ReceivedEnvelope(client.send(ping()))
        let elapsed = Date().timeIntervalSince(started)
        #expect(envelope.code == 0)
        #expect(elapsed >= 0.75 && elapsed < 0.8 + AdminFaultTests.loadRoomSeconds, "took \(elapsed) s")
    }

    @Test func malformedJSONDoesNotParse() throws {
        try inject(#"{"path": "/api/v1/ping", "kind": "malformed_json"}"#)
        let response = try server.http2Client().send(ping())
        #expect(response.status.code == 200)
        #expect(response.headers["content-type"] == "application/json; charset=utf-8")
        #expect(throws: JSONError.self) { try JSONParser.parse(response.body) }
    }

    @Test func httpStatusAlways200HoldsOverHTTP2() throws {
        let server = try TestServer { $0.httpStatus = .always200 }
        let envelope = try ReceivedEnvelope(server.http2Client().send(server.signer().request("GET", "/api/v1/no-such-thing")))
        #expect(envelope.code == 10404)
        #expect(envelope.status == 200)
    }
}
