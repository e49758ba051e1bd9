import CountersignClient
import CountersignServer
import Foundation
import HTTP
import Testing
import TestSupport

/// `--replay-window`: X-TIMESTAMP and X-NONCE required and signed, 10004 for a stale or replayed request.
@Suite struct ReplayProtectionTests {
    /// A ping as a client with replay protection signs it: `X-TIMESTAMP` and `X-NONCE` are in its signed
    /// header dictionary unless `unsigned` names them (added after signing).
    private static func ping(timestamp: Int64 = Self.now(), nonce: String = UUID().uuidString,
                             unsigned: Set<String> = []) -> HTTPRequest {
        let signer = MobileRequestSigner(secret: TestServer.defaultSecret)
        var request = signer.request("GET", "/api/v1/ping")
        let replayHeaders = [("X-TIMESTAMP", String(timestamp)), ("X-NONCE", nonce)]
        for (name, value) in replayHeaders { request.headers.add(name: name, value: value) }
        let signed = signer.signedHeaders + replayHeaders.filter { !unsigned.contains($0.0) }
        request.headers.replaceOrAdd(name: "X-SIGNATURE",
                                     value: MobileRequestSigner.signature(parameters: [], headers: signed, secret: TestServer.defaultSecret))
        return request
    }

    private static func now() -> Int64 { Int64(Date().timeIntervalSince1970) }

    private static func removing(_ header: String, from request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.headers.remove(name: header)
        return request
    }

    /// The signed number of seconds in a 10004 "X-TIMESTAMP is N s away" message.
    private static func skew(in message: String) -> Int? {
        guard let range = message.range(of: #"-?\d+ s away"#, options: .regularExpression) else { return nil }
        return Int(message[range].prefix { $0 == "-" || $0.isNumber })
    }

    @Test func offByDefault() throws {
        let server = try TestServer()
        let client = try server.client()
        #expect(try ReceivedEnvelope(client.send(server.signer().request("GET", "/api/v1/ping"))).code == 0)
        // Without the window the replay headers are neither signed nor read: a stale, unsigned pair is ignored.
        var stale = server.signer().request("GET", "/api/v1/ping")
        stale.headers.add(name: "X-TIMESTAMP", value: "1000")
        stale.headers.add(name: "X-NONCE", value: "reused-nonce")
        #expect(try ReceivedEnvelope(client.send(stale)).code == 0)
        #expect(try ReceivedEnvelope(client.send(stale)).code == 0)
    }

    @Test func missingReplayHeadersAreNamed() throws {
        let server = try TestServer { $0.replayWindowSeconds = 300 }
        let client = try server.client()
        for header in ["X-TIMESTAMP", "X-NONCE"] {
            let envelope = try ReceivedEnvelope(client.send(Self.removing(header, from: Self.ping())))
            #expect(envelope.code == 10001)
            #expect(envelope.status == 400)
            #expect(envelope.message.contains(header), "\(envelope.message)")
        }
        // The version header is still checked first.
        let neither = Self.removing("X-API-VERSION", from: Self.removing("X-NONCE", from: Self.ping()))
        #expect(try ReceivedEnvelope(client.send(neither)).message.contains("X-API-VERSION"))
    }

    @Test func freshRequestPassesAndItsReplayIs10004() throws {
        let server = try TestServer { $0.replayWindowSeconds = 300 }
        let client = try server.client()
        let request = Self.ping()
        let first = try ReceivedEnvelope(client.send(request))
        #expect(first.code == 0)
        #expect(first.data["pong"] == true)
        // The same bytes again, on another connection (so possibly another event loop).
        let replayed = try ReceivedEnvelope(server.client().send(request))
        #expect(replayed.code == 10004)
        #expect(replayed.status == 403)
        #expect(replayed.message.contains("X-NONCE"))
        #expect(replayed.data == .null)
        // Nonces are per request, not per connection: a new one passes.
        #expect(try ReceivedEnvelope(client.send(Self.ping())).code == 0)
    }

    @Test func staleOrFutureTimestampIs10004WithTheSkew() throws {
        let server = try TestServer { $0.replayWindowSeconds = 300 }
        let client = try server.client()
        for offset: Int64 in [-600, 3_600] {
            let envelope = try ReceivedEnvelope(client.send(Self.ping(timestamp: Self.now() + offset)))
            #expect(envelope.code == 10004)
            #expect(envelope.status == 403)
            let skew = try #require(Self.skew(in: envelope.message), "\(envelope.message)")
            #expect(abs(Int64(skew) - offset) <= 2, "\(envelope.message)")
        }
        // Within the window either way is fine.
        #expect(try ReceivedEnvelope(client.send(Self.ping(timestamp: Self.now() - 250))).code == 0)
        #expect(try ReceivedEnvelope(client.send(Self.ping(timestamp: Self.now() + 250))).code == 0)
    }

    @Test func rejectedRequestsDoNotUseUpTheirNonce() throws {
        let server = try TestServer { $0.replayWindowSeconds = 300 }
        let client = try server.client()
        let nonce = UUID().uuidString
        #expect(try ReceivedEnvelope(client.send(Self.ping(timestamp: Self.now() - 900, nonce: nonce))).code == 10004)
        var forged = Self.ping(nonce: nonce)
        forged.headers.replaceOrAdd(name: "X-SIGNATURE", value: String(repeating: "0", count: 32))
        #expect(try ReceivedEnvelope(client.send(forged)).code == 10003)
        #expect(try ReceivedEnvelope(client.send(Self.ping(nonce: nonce))).code == 0)
    }

    @Test func unsignedNonceIsDiagnosed() throws {
        let server = try TestServer { $0.replayWindowSeconds = 300 }
        let envelope = try ReceivedEnvelope(server.client().send(Self.ping(unsigned: ["X-NONCE"])))
        #expect(envelope.code == 10003)
        #expect(envelope.status == 403)
        let diagnosis = try #require(envelope.data["diagnosis"])
        #expect(diagnosis["likely_cause"] == "header-not-signed")
        #expect(diagnosis["keys"] == ["X-API-VERSION", "X-NONCE", "X-TIMESTAMP"])
        let detail = try #require(diagnosis["detail"]?.stringValue)
        #expect(detail.contains("X-NONCE"))
        #expect(!detail.contains("X-TIMESTAMP"))
    }

    @Test func malformedReplayHeadersAre10005() throws {
        let server = try TestServer { $0.replayWindowSeconds = 300 }
        let client = try server.client()
        let shortNonce = try ReceivedEnvelope(client.send(Self.ping(nonce: "abc")))
        #expect(shortNonce.code == 10005)
        #expect(shortNonce.message.contains("X-NONCE") && shortNonce.message.contains("8 to 128"), "\(shortNonce.message)")
        // Milliseconds, as Date().timeIntervalSince1970 * 1000 gives.
        let milliseconds = try ReceivedEnvelope(client.send(Self.ping(timestamp: Self.now() * 1000)))
        #expect(milliseconds.code == 10005)
        #expect(milliseconds.message.contains("X-TIMESTAMP"), "\(milliseconds.message)")
    }

    @Test func aNonceMayComeBackOnceItsWindowHasPassed() throws {
        let window: Int64 = 4
        let clock = ManualClock(unixSeconds: Self.now())
        let server = try TestServer(clock: clock) { $0.replayWindowSeconds = window }
        let client = try server.client()
        try client.connect()
        let nonce = UUID().uuidString
        let start = clock.unixSeconds()
        #expect(try ReceivedEnvelope(client.send(Self.ping(timestamp: start, nonce: nonce))).code == 0)
        #expect(try ReceivedEnvelope(client.send(Self.ping(timestamp: start, nonce: nonce))).code == 10004)
        // Once the window has passed, the first use no longer counts (even if not yet pruned by the schedule).
        clock.advance(by: window + 1)
        #expect(try ReceivedEnvelope(client.send(Self.ping(timestamp: clock.unixSeconds(), nonce: nonce))).code == 0)
    }
}
