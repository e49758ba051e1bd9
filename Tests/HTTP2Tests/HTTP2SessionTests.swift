import HTTP
import HTTP2
import System
import Testing

/// A client and a server session joined in memory: what one drains the other receives.
struct SessionPair {
    let client: HTTP2ClientSession
    let server: HTTP2ServerSession
    var requests: [(stream: Int32, request: HTTPRequest)] = []
    var refusals: [(stream: Int32, head: HTTPRequest, error: HTTPParseError)] = []
    /// The instant the server receives at; a test moves it.
    var now = Instant(nanoseconds: 1_000_000_000)

    init(settings: HTTP2Settings = HTTP2Settings()) throws {
        client = try HTTP2ClientSession()
        server = try HTTP2ServerSession(settings: settings)
    }

    /// Moves frames both ways until neither side has more to say.
    mutating func exchange() throws {
        for _ in 0..<50 {
            var toServer: [UInt8] = []
            try client.drainOutput(into: &toServer)
            if !toServer.isEmpty { try server.receive(toServer, now: now) }
            for event in server.takeEvents() {
                switch event {
                case .request(let stream, let request): requests.append((stream, request))
                case .refused(let stream, let head, let error): refusals.append((stream, head, error))
                }
            }
            var toClient: [UInt8] = []
            try server.drainOutput(into: &toClient, limit: 1 << 20)
            if !toClient.isEmpty { try client.receive(toClient) }
            if toServer.isEmpty && toClient.isEmpty { return }
        }
    }
}

@Suite struct HTTP2SessionTests {
    private func request(_ method: String = "GET", _ target: String = "/api/v1/ping",
                         headers: HTTPHeaders = ["X-API-VERSION": "1.0", "Host": "localhost:8443"], body: [UInt8] = []) -> HTTPRequest {
        HTTPRequest(method: method, target: target, headers: headers, body: body)
    }

    @Test func aRequestArrivesWithLowercaseNamesItsBodyAndTheAuthorityAsHost() throws {
        var pair = try SessionPair()
        let stream = try pair.client.submit(request("POST", "/api/v1/users/login?x=1", body: Array("a=1".utf8)), authority: "unused")
        try pair.exchange()
        let received = try #require(pair.requests.first)
        #expect(received.stream == stream)
        #expect(received.request.method == "POST")
        #expect(received.request.path == "/api/v1/users/login")
        #expect(received.request.query == "x=1")
        #expect(received.request.version == .http2)
        #expect(received.request.body == Array("a=1".utf8))
        #expect(Array(received.request.headers).map(\.name) == ["x-api-version", "content-length", "host"])
        #expect(received.request.headers["X-API-VERSION"] == "1.0")
        #expect(received.request.headers["host"] == "localhost:8443")
    }

    @Test func theResponseGoesBackWithItsStatusFieldsAndBody() throws {
        var pair = try SessionPair()
        let stream = try pair.client.submit(request(), authority: "localhost")
        try pair.exchange()
        let response = HTTPResponse(status: .ok, headers: ["Content-Type": "application/json", "Connection": "close", "Keep-Alive": "timeout=5",
                                                           "X-Request-ID": "r-1", "Transfer-Encoding": "chunked"], body: Array("{}".utf8))
        pair.server.respond(on: stream, with: response, date: "Mon, 01 Jan 2024 00:00:00 GMT")
        try pair.exchange()
        let results = pair.client.takeResults()
        guard case .response(let answer)? = results.first?.result else {
            Issue.record("no response: \(results)")
            return
        }
        #expect(answer.status.code == 200)
        #expect(answer.body == Array("{}".utf8))
        #expect(answer.headers["content-type"] == "application/json")
        #expect(answer.headers["content-length"] == "2")
        #expect(answer.headers["date"] == "Mon, 01 Jan 2024 00:00:00 GMT")
        #expect(answer.headers["x-request-id"] == "r-1")
        // Names leave lowercase, and HTTP/1.1's connection-specific fields stay behind (RFC 9113 §8.2.2).
        let names = answer.headers.map(\.name)
        #expect(names == names.map { $0.lowercased() })
        #expect(!answer.headers.contains("connection") && !answer.headers.contains("keep-alive") && !answer.headers.contains("transfer-encoding"))
        #expect(names.filter { $0 == "content-length" || $0 == "date" }.count == 2, "\(names)")
        #expect(!pair.server.hasOpenStreams)
    }

    @Test func splitCookieFieldsAreJoinedAsOne() throws {
        var pair = try SessionPair()
        _ = try pair.client.submit(request(headers: [("cookie", "a=1"), ("cookie", "b=2")].reduce(into: HTTPHeaders()) {
            $0.add(name: $1.0, value: $1.1)
        }), authority: "localhost")
        try pair.exchange()
        let received = try #require(pair.requests.first)
        #expect(received.request.headers.values(for: "cookie") == ["a=1; b=2"])
    }

    @Test func aHeaderListPastTheLimitIsRefusedWith431AndKeepsNothingPastIt() throws {
        var settings = HTTP2Settings()
        settings.maxHeaderListBytes = 1024
        var pair = try SessionPair(settings: settings)
        var headers: HTTPHeaders = ["X-API-VERSION": "1.0"]
        for index in 0..<40 { headers.add(name: "x-filler-\(index)", value: String(repeating: "v", count: 40)) }
        _ = try pair.client.submit(request(headers: headers), authority: "localhost")
        try pair.exchange()
        #expect(pair.requests.isEmpty)
        let refusal = try #require(pair.refusals.first)
        #expect(refusal.error == .headersTooLarge)
        #expect(refusal.head.headers.count < 20)
    }

    @Test func aBodyPastTheLimitIsRefusedWith413() throws {
        var settings = HTTP2Settings()
        settings.maxBodyBytes = 1000
        var pair = try SessionPair(settings: settings)
        _ = try pair.client.submit(request("POST", body: [UInt8](repeating: 65, count: 5000)), authority: "localhost")
        try pair.exchange()
        #expect(pair.requests.isEmpty)
        #expect(pair.refusals.first?.error == .bodyTooLarge)
        #expect(pair.refusals.first?.head.body.isEmpty == true)
        #expect(pair.server.bufferedBodyBytes == 0)
    }

    @Test func bodiesPastTheConnectionsBudgetResetTheStreamThatWouldPassIt() throws {
        var settings = HTTP2Settings()
        settings.maxBufferedBodyBytes = 50_000
        var pair = try SessionPair(settings: settings)
        // Headers first, without END_STREAM, for two streams, then their bodies: neither completes before the other.
        let first = try pair.client.submit(request("POST", body: [UInt8](repeating: 65, count: 40_000)), authority: "localhost")
        let second = try pair.client.submit(request("POST", body: [UInt8](repeating: 66, count: 40_000)), authority: "localhost")
        try pair.exchange()
        #expect(pair.server.bufferedBodyBytes <= 50_000)
        let results = pair.client.takeResults()
        let resetStreams = results.compactMap { if case .reset = $0.result { $0.stream } else { nil } }
        #expect(resetStreams.count + pair.requests.count == 2, "\(results) \(pair.requests.map(\.stream)) \(first) \(second)")
        #expect(resetStreams.count >= 1)
    }

    @Test func resettingOneStreamLeavesTheOthersToFinish() throws {
        var pair = try SessionPair()
        let first = try pair.client.submit(request(), authority: "localhost")
        let second = try pair.client.submit(request(), authority: "localhost")
        try pair.exchange()
        pair.server.reset(stream: first)
        pair.server.respond(on: second, with: HTTPResponse(status: .ok, body: Array("ok".utf8)), date: "d")
        try pair.exchange()
        let results = Dictionary(uniqueKeysWithValues: pair.client.takeResults().map { ($0.stream, $0.result) })
        #expect(results[first] == .reset(errorCode: 2))
        #expect(results[second] == .response(HTTPResponse(status: HTTPStatus(code: 200, reasonPhrase: "OK"),
                                                          headers: ["date": "d", "content-length": "2"], body: Array("ok".utf8))))
    }

    @Test func aDribbledBodyLeavesPieceByPieceAndEndsWithTheLastOne() throws {
        var pair = try SessionPair()
        let stream = try pair.client.submit(request(), authority: "localhost")
        try pair.exchange()
        pair.server.respond(on: stream, with: HTTPResponse(status: .ok, headers: ["Content-Length": "6"], body: Array("ab".utf8)),
                            date: "d", bodyComplete: false)
        try pair.exchange()
        #expect(pair.client.takeResults().isEmpty)
        pair.server.appendBody(Array("cd".utf8), on: stream, final: false)
        try pair.exchange()
        #expect(pair.client.takeResults().isEmpty)
        pair.server.appendBody(Array("ef".utf8), on: stream, final: true)
        try pair.exchange()
        guard case .response(let answer)? = pair.client.takeResults().first?.result else {
            Issue.record("no response")
            return
        }
        #expect(answer.body == Array("abcdef".utf8))
    }

    @Test func goAwayLetsTheStreamsInFlightFinishThenTheSessionEnds() throws {
        var pair = try SessionPair()
        let stream = try pair.client.submit(request(), authority: "localhost")
        try pair.exchange()
        pair.server.goAway()
        try pair.exchange()
        #expect(pair.client.goAwayReceived)
        #expect(!pair.server.isFinished)
        pair.server.respond(on: stream, with: HTTPResponse(status: .ok), date: "d")
        try pair.exchange()
        #expect(pair.server.isFinished)
        guard case .response? = pair.client.takeResults().first?.result else {
            Issue.record("the stream in flight did not finish")
            return
        }
    }

    /// The peer's GOAWAY (NO_ERROR, last stream 0).
    private static let peerGoAway: [UInt8] = [0, 0, 8, 7, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 8)

    /// With no stream open, the peer's GOAWAY ends the session: a request behind it is not read,
    /// whether it arrives in the same read or the next.
    @Test(arguments: [true, false])
    func aPeersGoAwayWithNoStreamOpenEndsTheSessionAndNothingBehindItIsRead(inTheSameRead: Bool) throws {
        var pair = try SessionPair()
        try pair.exchange()
        _ = try pair.client.submit(request(), authority: "localhost")
        var headers: [UInt8] = []
        try pair.client.drainOutput(into: &headers)
        if inTheSameRead {
            try pair.server.receive(Self.peerGoAway + headers, now: pair.now)
        } else {
            try pair.server.receive(Self.peerGoAway, now: pair.now)
            try pair.server.receive(headers, now: pair.now)
        }
        #expect(pair.server.takeEvents().isEmpty)
        #expect(try Self.frames(from: pair.server).allSatisfy { $0.type != 3 }, "no stream to reset")
        #expect(pair.server.isFinished)
    }

    /// With a stream open, the peer's GOAWAY lets it finish, and a request opened after it is
    /// refused (RST_STREAM, REFUSED_STREAM: safe to retry elsewhere).
    @Test func afterAPeersGoAwayTheOpenStreamFinishesAndANewOneIsRefused() throws {
        var pair = try SessionPair()
        let open = try pair.client.submit(request(), authority: "localhost")
        try pair.exchange()
        _ = try pair.client.submit(request(), authority: "localhost")
        var headers: [UInt8] = []
        try pair.client.drainOutput(into: &headers)
        try pair.server.receive(Self.peerGoAway + headers, now: pair.now)
        #expect(pair.server.takeEvents().isEmpty)
        let resets = try Self.frames(from: pair.server).filter { $0.type == 3 }
        #expect(resets.map { Array($0.payload) } == [[0, 0, 0, 7]])
        #expect(!pair.server.isFinished)
        pair.server.respond(on: open, with: HTTPResponse(status: .ok), date: "d")
        var answer: [UInt8] = []
        try pair.server.drainOutput(into: &answer, limit: 1 << 20)
        #expect(!answer.isEmpty)
        #expect(pair.server.isFinished)
    }

    // MARK: Rate limits, keep-alive

    /// `count` PING frames (flags 1: acknowledgements), then `settings` empty SETTINGS frames.
    private static func controlFrames(pings: Int = 0, flags: UInt8 = 0, settings: Int = 0) -> [UInt8] {
        let ping: [UInt8] = [0, 0, 8, 6, flags, 0, 0, 0, 0] + [UInt8](repeating: 7, count: 8)
        let empty: [UInt8] = [0, 0, 0, 4, 0, 0, 0, 0, 0]
        return Array(repeating: ping, count: pings).flatMap { $0 } + Array(repeating: empty, count: settings).flatMap { $0 }
    }

    /// The frames `server` has ready, as (type, flags, payload).
    private static func frames(from server: HTTP2ServerSession) throws -> [(type: UInt8, flags: UInt8, payload: ArraySlice<UInt8>)] {
        var bytes: [UInt8] = []
        try server.drainOutput(into: &bytes, limit: 1 << 20)
        var frames: [(type: UInt8, flags: UInt8, payload: ArraySlice<UInt8>)] = []
        var offset = 0
        while offset + 9 <= bytes.count {
            let length = Int(bytes[offset]) << 16 | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2])
            frames.append((bytes[offset + 3], bytes[offset + 4], bytes[(offset + 9)..<min(bytes.count, offset + 9 + length)]))
            offset += 9 + length
        }
        return frames
    }

    /// The error code of the GOAWAY among `frames`, if any.
    private static func goAwayCode(_ frames: [(type: UInt8, flags: UInt8, payload: ArraySlice<UInt8>)]) -> UInt32? {
        guard let goAway = frames.first(where: { $0.type == 7 }), goAway.payload.count >= 8 else { return nil }
        return goAway.payload.dropFirst(4).prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static let enhanceYourCalm: UInt32 = 11

    @Test func pingsPastTheirBurstAndRateEndTheSessionWithEnhanceYourCalm() throws {
        var settings = HTTP2Settings()
        settings.controlFrameBurst = 5
        settings.controlFramesPerSecond = 2
        var pair = try SessionPair(settings: settings)
        try pair.exchange()  // the client's SETTINGS frame takes one of the five
        try pair.server.receive(Self.controlFrames(pings: 4), now: pair.now)
        var output = try Self.frames(from: pair.server)
        #expect(output.filter { $0.type == 6 && $0.flags == 1 }.count == 4, "each PING within the burst is acknowledged")
        #expect(Self.goAwayCode(output) == nil)
        pair.now = pair.now.adding(milliseconds: 1_000)
        try pair.server.receive(Self.controlFrames(pings: 2), now: pair.now)
        #expect(Self.goAwayCode(try Self.frames(from: pair.server)) == nil, "a second refills two")
        #expect(throws: HTTP2Error.self) { try pair.server.receive(Self.controlFrames(pings: 1), now: pair.now) }
        output = try Self.frames(from: pair.server)
        #expect(Self.goAwayCode(output) == Self.enhanceYourCalm)
        #expect(pair.server.isFinished)
    }

    @Test func aSettingsFloodInOneReadIsCutAtTheLimit() throws {
        var settings = HTTP2Settings()
        settings.controlFrameBurst = 5
        var pair = try SessionPair(settings: settings)
        try pair.exchange()
        #expect(throws: HTTP2Error.self) { try pair.server.receive(Self.controlFrames(settings: 10_000), now: pair.now) }
        let output = try Self.frames(from: pair.server)
        // The rest of the input is not read: the GOAWAY and no more than four acknowledgements leave,
        // not ten thousand (those queued when the limit was passed are dropped with the session).
        #expect(output.filter { $0.type == 4 && $0.flags == 1 }.count <= 4)
        #expect(output.count <= 5)
        #expect(Self.goAwayCode(output) == Self.enhanceYourCalm)
    }

    @Test func streamResetsPastTheirBurstAndRateEndTheSessionWithEnhanceYourCalm() throws {
        var settings = HTTP2Settings()
        settings.resetBurst = 3
        settings.resetsPerSecond = 1
        var pair = try SessionPair(settings: settings)
        let streams = try (0..<5).map { _ in try pair.client.submit(request(), authority: "localhost") }
        try pair.exchange()
        #expect(pair.requests.count == 5, "five streams open, unanswered")
        /// RST_STREAM (CANCEL) on `stream`, as an app's HTTP stack sends when a call is cancelled.
        func reset(_ stream: Int32) -> [UInt8] {
            [0, 0, 4, 3, 0] + withUnsafeBytes(of: stream.bigEndian, Array.init) + [0, 0, 0, 8]
        }
        try pair.server.receive(streams[0..<3].flatMap(reset), now: pair.now)
        #expect(Self.goAwayCode(try Self.frames(from: pair.server)) == nil)
        pair.now = pair.now.adding(milliseconds: 1_000)
        try pair.server.receive(reset(streams[3]), now: pair.now)
        #expect(Self.goAwayCode(try Self.frames(from: pair.server)) == nil, "a second refills one")
        #expect(throws: HTTP2Error.self) { try pair.server.receive(reset(streams[4]), now: pair.now) }
        #expect(Self.goAwayCode(try Self.frames(from: pair.server)) == Self.enhanceYourCalm)
    }

    @Test func acknowledgementsAreNotCountedAsAFlood() throws {
        var settings = HTTP2Settings()
        settings.controlFrameBurst = 2
        var pair = try SessionPair(settings: settings)
        try pair.exchange()
        try pair.server.receive(Self.controlFrames(pings: 500, flags: 1), now: pair.now)
        #expect(Self.goAwayCode(try Self.frames(from: pair.server)) == nil)
        #expect(!pair.server.isFinished)
    }

    @Test func aKeepAlivePingIsAcknowledgedByThePeer() throws {
        var pair = try SessionPair()
        try pair.exchange()
        #expect(!pair.server.takePingAcknowledgement())
        pair.server.ping()
        try pair.exchange()
        #expect(pair.server.takePingAcknowledgement())
        #expect(!pair.server.takePingAcknowledgement(), "reported once")
    }

    @Test func garbageInsteadOfThePrefaceEndsTheSession() throws {
        let server = try HTTP2ServerSession(settings: HTTP2Settings())
        #expect(throws: HTTP2Error.self) { try server.receive(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8), now: Instant(nanoseconds: 0)) }
    }
}
