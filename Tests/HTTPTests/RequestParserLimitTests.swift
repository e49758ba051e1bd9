import HTTP
import Testing

@Suite("HTTPRequestParser: limits")
struct RequestParserLimitTests {
    @Test func defaults() {
        let limits = HTTPLimits.default
        #expect(limits.maxRequestLineBytes == 8192)
        #expect(limits.maxHeaderBytes == 16384)
        #expect(limits.maxHeaderCount == 100)
        #expect(limits.maxBodyBytes == 1_048_576)
    }

    @Test func twentyKilobyteURIIs414() {
        let uri = "/" + String(repeating: "a", count: 20 * 1024)
        #expect(parseFailure("GET \(uri) HTTP/1.1\r\nHost: h\r\n\r\n") == .uriTooLong)
    }

    @Test func longRequestLineFailsBeforeItsEnd() {
        let unfinished = "GET /" + String(repeating: "a", count: 20 * 1024)
        for feeding in Feeding.allCases {
            #expect(requestEvents(Array(unfinished.utf8), feeding: feeding) == [.failure(.uriTooLong)], "\(feeding)")
        }
    }

    @Test func requestLineLimitIsExact() throws {
        let limits = HTTPLimits(maxRequestLineBytes: 32)
        let fitting = "GET /" + String(repeating: "b", count: 32 - 14) + " HTTP/1.1"
        #expect(fitting.utf8.count == 32)
        _ = try #require(parseRequest(fitting + "\r\nHost: h\r\n\r\n", limits: limits))
        let oneTooMany = "GET /" + String(repeating: "b", count: 32 - 13) + " HTTP/1.1"
        #expect(parseFailure(oneTooMany + "\r\nHost: h\r\n\r\n", limits: limits) == .uriTooLong)
    }

    @Test func hundredKilobyteHeaderBlockIs431() {
        let value = String(repeating: "v", count: 100 * 1024)
        #expect(parseFailure("GET / HTTP/1.1\r\nHost: h\r\nX-Big: \(value)\r\n\r\n") == .headersTooLarge)
        let manyLines = (0..<2000).map { "X-Field-\($0): \(String(repeating: "w", count: 40))\r\n" }.joined()
        #expect(parseFailure("GET / HTTP/1.1\r\nHost: h\r\n" + manyLines + "\r\n") == .headersTooLarge)
    }

    @Test func headerBlockFailsBeforeItsEnd() {
        let unfinished = "GET / HTTP/1.1\r\nHost: h\r\nX-Big: " + String(repeating: "v", count: 100 * 1024)
        for feeding in Feeding.allCases {
            #expect(requestEvents(Array(unfinished.utf8), feeding: feeding) == [.failure(.headersTooLarge)], "\(feeding)")
        }
    }

    @Test func headerBlockLimitIsExact() throws {
        // "Host: h\r\n" (9) + "X: " + value + "\r\n" (5 + n) + "\r\n" (2) = 16 + n bytes.
        let limits = HTTPLimits(maxHeaderBytes: 64)
        let fitting = String(repeating: "v", count: 64 - 16)
        _ = try #require(parseRequest("GET / HTTP/1.1\r\nHost: h\r\nX: \(fitting)\r\n\r\n", limits: limits))
        #expect(parseFailure("GET / HTTP/1.1\r\nHost: h\r\nX: \(fitting)v\r\n\r\n", limits: limits) == .headersTooLarge)
    }

    @Test func tooManyHeadersIs431() throws {
        let fields = { (count: Int) in (1..<count).map { "X-\($0): v\r\n" }.joined() }
        let hundred = try #require(parseRequest("GET / HTTP/1.1\r\nHost: h\r\n" + fields(100) + "\r\n"))
        #expect(hundred.headers.count == 100)
        #expect(parseFailure("GET / HTTP/1.1\r\nHost: h\r\n" + fields(101) + "\r\n") == .headersTooLarge)
    }

    @Test func declaredFiftyMegabyteBodyIs413WithoutSendingIt() {
        #expect(parseOversized("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 52428800\r\n\r\n")?.body == [])
        #expect(parseOversized("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999999\r\n\r\n")?.body == [])
    }

    @Test func anOversizedBodyReportsTheHeadItCameWith() throws {
        let head = try #require(parseOversized(
            "POST /api/v1/users?x=1 HTTP/1.1\r\nHost: h\r\nX-Request: 7\r\nContent-Length: 52428800\r\n\r\n" + String(repeating: "b", count: 100)))
        #expect(head.method == "POST")
        #expect(head.path == "/api/v1/users")
        #expect(head.query == "x=1")
        #expect(head.headers["X-Request"] == "7")
        #expect(head.body.isEmpty)
    }

    @Test func bodyLimitIsExact() throws {
        let limits = HTTPLimits(maxBodyBytes: 10)
        let request = try #require(parseRequest("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\n0123456789", limits: limits))
        #expect(request.body.count == 10)
        #expect(parseOversized("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n", limits: limits)?.body == [])
    }

    @Test func oversizedChunkIs413BeforeItsData() {
        // 0x100001 = 1 MiB + 1.
        #expect(parseOversized("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n100001\r\n")?.body == [])
        #expect(parseOversized("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFFFFFF\r\n")?.body == [])
    }

    @Test func chunkedBodyIs413WhenItsChunksAddUpPastTheLimit() throws {
        let limits = HTTPLimits(maxBodyBytes: 100)
        let chunk = "28\r\n" + String(repeating: "c", count: 40) + "\r\n"
        let head = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
        let twoChunks = try #require(parseRequest(head + chunk + chunk + "0\r\n\r\n", limits: limits))
        #expect(twoChunks.body.count == 80)
        #expect(parseOversized(head + chunk + chunk + chunk + "0\r\n\r\n", limits: limits)?.body == [])
    }

    @Test func trailerSectionHasTheHeaderLimits() {
        let limits = HTTPLimits(maxHeaderBytes: 64)
        let trailer = "X-Trailer: " + String(repeating: "t", count: 80) + "\r\n"
        let fixture = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\n" + trailer + "\r\n"
        #expect(parseFailure(fixture, limits: limits) == .headersTooLarge)
    }
}
