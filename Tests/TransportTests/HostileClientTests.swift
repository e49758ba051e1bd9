import CountersignClient
import Glibc
import HTTP
import Testing
import TestSupport
import Transport

/// Clients that misbehave on purpose, against the real server over TCP and TLS. After each one the
/// server must have let go of the connection (its open connection count is back to 0, so nothing
/// stays allocated for it) and must still answer an ordinary request.
@Suite struct HostileClientTests {
    /// Bytes that are neither TLS nor HTTP: a fixed pseudo-random sequence starting with a NUL.
    static func garbage(_ count: Int) -> [UInt8] {
        var state: UInt32 = 0x9E37_79B9
        return (0..<count).map { index in
            state = state &* 1_664_525 &+ 1_013_904_223
            return index == 0 ? 0 : UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    private static func encoded(_ request: HTTPRequest) -> [UInt8] {
        var bytes: [UInt8] = []
        HTTPRequestEncoder.encode(request, into: &bytes)
        return bytes
    }

    @Test func slowlorisIsClosedByTheHeaderTimeout() throws {
        let harness = try TransportHarness { $0.timeouts.requestHeadersMilliseconds = 500 }
        let client = try harness.client()
        try client.connect()
        let head = Array("GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ".utf8) + Array(repeating: UInt8(ascii: "z"), count: 30)
        let clock = SystemMonotonicClock()
        let started = clock.now()
        for byte in head where harness.server.openConnections > 0 {
            _ = try? client.sendPlaintext([byte])  // the send right after the close may still succeed or fail
            usleep(100_000)
        }
        let closedAfter = clock.now().milliseconds(since: started)
        #expect(harness.server.openConnections == 0, "still open after \(head.count) bytes, one every 100 ms")
        #expect(closedAfter >= 500 && closedAfter < 2_000, "closed after \(closedAfter) ms")
        #expect(throws: ClientError.self) { try client.receiveResponse(for: "GET") }
        #expect(try harness.ordinaryRequestStatus() == .ok)
    }

    @Test func aReaderThatNeverReadsIsDroppedWhenItsResponsesStall() throws {
        let harness = try TransportHarness {
            $0.timeouts.writeStallMilliseconds = 300
            $0.maxPendingOutputBytes = 16 * 1024
        }
        // A small window and small segments that are never read: the server's writes block after a
        // few responses (on loopback's 64 KB segments its socket would first buffer 4 MB).
        let socket = try HostileSocket(port: harness.port, receiveBufferBytes: 4_096, maximumSegmentBytes: 1_024)
        let session = try HostileTLSSession(over: socket, trustRootsPEMPath: harness.paths.caCertificate)
        // 32 pipelined requests whose responses echo their 8 KB targets: 256 KB of answers.
        let request = Self.encoded(TransportHarness.get("/" + String(repeating: "r", count: 8_000)))
        let clock = SystemMonotonicClock()
        let started = clock.now()
        session.sendPlaintext(Array(Array(repeating: request, count: 32).joined()))
        // About a second in a debug build; the bound leaves room for sanitizers, and is still far
        // below the 10 s header timeout that would otherwise close the connection.
        #expect(harness.connectionsDrain(withinMilliseconds: 5_000))
        #expect(clock.now().milliseconds(since: started) >= 300)
        #expect(try harness.ordinaryRequestStatus() == .ok)
    }

    /// What a client sends instead of a ClientHello.
    enum NotAClientHello: String, CaseIterable {
        case randomBytes = "random bytes"
        case plainHTTP = "plain HTTP"

        var bytes: [UInt8] {
            switch self {
            case .randomBytes: garbage(10 * 1024)
            case .plainHTTP: Array("GET / HTTP/1.1\r\nHost: localhost\r\nX-Pad: \(String(repeating: "p", count: 10 * 1024))\r\n\r\n".utf8)
            }
        }
    }

    @Test(arguments: NotAClientHello.allCases)
    func tenKilobytesInsteadOfAClientHelloAreRefused(_ kind: NotAClientHello) throws {
        let harness = try TransportHarness()
        let socket = try HostileSocket(port: harness.port)
        socket.send(kind.bytes)  // the server may close before it has read everything
        #expect(socket.serverCloses(), "the server kept a connection that sent \(kind.rawValue)")
        #expect(harness.connectionsDrain(withinMilliseconds: 1_000))
        #expect(try harness.ordinaryRequestStatus() == .ok)
    }

    /// What a client sends where TLS records belong, once its session is established.
    enum RecordGarbage: String, CaseIterable {
        case badMAC = "an application data record whose authentication fails"
        case noRecord = "bytes that are no record"

        var bytes: [UInt8] {
            switch self {
            case .badMAC: [0x17, 0x03, 0x03, 0x04, 0x00] + garbage(1024)
            case .noRecord: garbage(10 * 1024)
            }
        }
    }

    @Test(arguments: RecordGarbage.allCases)
    func garbageOverAnEstablishedSessionClosesIt(_ kind: RecordGarbage) throws {
        let harness = try TransportHarness()
        let session = try HostileTLSSession(over: HostileSocket(port: harness.port), trustRootsPEMPath: harness.paths.caCertificate)
        session.socket.send(kind.bytes)
        #expect(session.socket.serverCloses(), "the server kept a session that received \(kind.rawValue)")
        #expect(harness.connectionsDrain(withinMilliseconds: 1_000))
        #expect(try harness.ordinaryRequestStatus() == .ok)
    }

    @Test func chunkedBodiesWithBadChunkSizesAreRefused() throws {
        let harness = try TransportHarness()
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
            let client = try harness.client()
            try client.connect()
            try client.sendPlaintext(Array("POST /up HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n\(chunks)".utf8))
            let response = try client.receiveResponse(for: "POST")
            #expect(response.status.code == status, "chunks \(chunks.debugDescription)")
            #expect(response.headers["Connection"] == "close")
        }
        #expect(harness.connectionsDrain(withinMilliseconds: 1_000))
        #expect(try harness.ordinaryRequestStatus() == .ok)
    }

    @Test func aClientThatVanishesMidHandshakeIsForgotten() throws {
        let harness = try TransportHarness()
        let hello = try HostileTLSSession.clientHello(trustRootsPEMPath: harness.paths.caCertificate)
        let socket = try HostileSocket(port: harness.port)
        socket.send(Array(hello.prefix(hello.count / 2)))
        usleep(50_000)
        socket.close()
        // Long before the 10 s handshake timeout: the close itself is noticed.
        #expect(harness.connectionsDrain(withinMilliseconds: 1_000))
        #expect(try harness.ordinaryRequestStatus() == .ok)
    }

    @Test func aClientThatVanishesMidResponseIsForgotten() throws {
        let harness = try TransportHarness()
        let client = try harness.client()
        try client.connect()
        try client.sendPlaintext(Self.encoded(TransportHarness.get("/slow")))  // dribbled over 400 ms
        usleep(100_000)
        client.close()
        #expect(harness.connectionsDrain(withinMilliseconds: 1_500))
        #expect(try harness.ordinaryRequestStatus() == .ok)
    }

    @Test func aRenegotiationAttemptIsRefused() throws {
        let harness = try TransportHarness()
        // Our client cannot renegotiate (nor can TLS 1.3): `openssl s_client` asks for it over TLS 1.2
        // when it reads "R" on its standard input.
        let result = try ExternalCommand.run("openssl", [
            "s_client", "-connect", "127.0.0.1:\(harness.port)", "-tls1_2", "-servername", "localhost",
            "-CAfile", harness.paths.caCertificate,
        ], input: "R\n")
        #expect(result.output.contains("RENEGOTIATING") || result.errorOutput.contains("RENEGOTIATING"))
        #expect(result.errorOutput.contains("no renegotiation"), "openssl said: \(result.errorOutput)")
        #expect(harness.connectionsDrain(withinMilliseconds: 1_000))
        #expect(try harness.ordinaryRequestStatus() == .ok)
    }
}
