import CountersignClient
import HTTP
import JSON
import Testing
import TestSupport

/// Requests that break the HTTP limits (URI 8 KiB, header block 16 KiB, body 1 MiB) or pile up, each
/// against its own real server. Every case ends with `HostileServer.expectRecovered`: the connection is
/// let go, a signed request succeeds, and memory stayed bounded (SECURITY.md "Hostile clients").
@Suite struct HostileRequestTests {
    @Test func aHundredKilobyteHeaderBlockGets431() async throws {
        let hostile = try await HostileServer.start()
        var request = hostile.server.signer().request("GET", "/api/v1/ping")
        request.headers.add(name: "X-Big", value: String(repeating: "b", count: 100 * 1024))
        let response = try hostile.server.client().send(request)
        #expect(response.status.code == 431)
        #expect(response.headers["Connection"] == "close")
        try await hostile.expectRecovered(from: "a 100 KB header block")
    }

    @Test func aTwentyKilobyteURIGets414() async throws {
        let hostile = try await HostileServer.start()
        let request = hostile.server.signer().request("GET", "/api/v1/ping", parameters: [("pad", String(repeating: "u", count: 20 * 1024))])
        let response = try hostile.server.client().send(request)
        #expect(response.status.code == 414)
        #expect(response.headers["Connection"] == "close")
        try await hostile.expectRecovered(from: "a 20 KB URI")
    }

    @Test func aDeclaredFiftyMegabyteBodyGets413WithoutBeingRead() async throws {
        let hostile = try await HostileServer.start()
        let client = try hostile.server.client()
        try client.connect()
        // The head alone: the answer must come without a byte of the body.
        try client.sendPlaintext(Array((hostile.server.signedLoginHead() + "Content-Length: 52428800\r\n\r\n").utf8))
        let response = try client.receiveResponse(for: "POST")
        #expect(response.status.code == 413)
        #expect(try ReceivedEnvelope(response).code == 10006)
        #expect(response.headers["Connection"] == "close")
        // The server lets go of the connection although the client keeps its side open.
        #expect(await hostile.connectionsSettle())
        client.close()
        try await hostile.expectRecovered(from: "a declared 50 MB body")
    }

    @Test func chunkedBodiesWithBadChunkSizesAreRefused() async throws {
        let hostile = try await HostileServer.start()
        let cases: [(chunks: String, status: Int)] = [
            ("zz\r\nhello\r\n0\r\n\r\n", 400),  // not hex
            ("-5\r\nhello\r\n0\r\n\r\n", 400),  // a sign
            ("0x5\r\nhello\r\n0\r\n\r\n", 400),  // a C prefix
            ("5 5\r\nhello\r\n0\r\n\r\n", 400),  // two numbers
            ("\r\nhello\r\n0\r\n\r\n", 400),  // no size at all
            ("3\r\nhello\r\n0\r\n\r\n", 400),  // more data than declared
            ("FFFFFFFFFFFFFFFFFFFFFFFF\r\nhello\r\n0\r\n\r\n", 413),  // beyond any Int
        ]
        for (chunks, status) in cases {
            let client = try hostile.server.client()
            try client.connect()
            try client.sendPlaintext(Array((hostile.server.signedLoginHead() + "Transfer-Encoding: chunked\r\n\r\n\(chunks)").utf8))
            let response = try client.receiveResponse(for: "POST")
            #expect(response.status.code == status, "chunks \(chunks.debugDescription)")
            #expect(response.headers["Connection"] == "close")
        }
        try await hostile.expectRecovered(from: "bad chunk sizes")
    }

    @Test func twoHundredPipelinedSignedPingsAreAnsweredInOrder() async throws {
        let hostile = try await HostileServer.start()
        let signer = hostile.server.signer()
        let client = try hostile.server.client()
        try client.connect()
        var requests: [UInt8] = []
        for index in 0..<200 {
            HTTPRequestEncoder.encode(signer.request("GET", "/api/v1/ping", parameters: [("seq", "\(index)")]), into: &requests)
        }
        try client.sendPlaintext(requests)
        var answeredIDs: [String] = []
        for _ in 0..<200 {
            let pong = try ReceivedEnvelope(client.receiveResponse(for: "GET"))
            #expect(pong.status == 200 && pong.code == 0)
            answeredIDs.append(pong.headers["X-Request-Id"] ?? "")
        }
        // The journal tells which request each answer's id belongs to: the n-th answer is the n-th request's.
        let admin = try AdminClient(hostile.server)
        var journal: [JSONValue] = []
        #expect(try await eventually {
            journal = try admin.journal("?path=/api/v1/ping&limit=1000")
            return journal.count > 200  // with the warm-up ping
        })
        admin.client.close()
        let sequenceNumbers = journal.reduce(into: [String: String]()) { numbers, entry in
            if let id = entry["request_id"]?.stringValue { numbers[id] = entry["params"]?["seq"]?.stringValue }
        }
        #expect(answeredIDs.map { sequenceNumbers[$0] } == (0..<200).map { "\($0)" })
        try hostile.expectSignedCheckin(client: client)
        client.close()
        try await hostile.expectRecovered(from: "200 pipelined requests")
    }
}
