import HTTP
import Testing

@Suite("HTTPRequestParser: well-formed requests")
struct RequestParserTests {
    @Test func getWithQuery() throws {
        let request = try #require(parseRequest(
            "GET /api/v1/games?page=1&size=20 HTTP/1.1\r\nHost: localhost:8443\r\nX-API-VERSION: 1.0\r\n\r\n"
        ))
        #expect(request.method == "GET")
        #expect(request.target == "/api/v1/games?page=1&size=20")
        #expect(request.path == "/api/v1/games")
        #expect(request.query == "page=1&size=20")
        #expect(request.version == .http1_1)
        #expect(fieldPairs(request.headers) == [["Host", "localhost:8443"], ["X-API-VERSION", "1.0"]])
        #expect(request.body.isEmpty)
        #expect(request.keepAlive)
    }

    @Test func pathIsNotPercentDecodedAndEmptyQueryIsKept() throws {
        let request = try #require(parseRequest("GET /a%20b/c? HTTP/1.1\r\nHost: h\r\n\r\n"))
        #expect(request.path == "/a%20b/c")
        #expect(request.query == "")
        let plain = try #require(parseRequest("GET /plain HTTP/1.1\r\nHost: h\r\n\r\n"))
        #expect(plain.path == "/plain")
        #expect(plain.query == nil)
    }

    @Test func postWithContentLengthFormBody() throws {
        let form = "phone=13800000000&password=secret123"
        let request = try #require(parseRequest(
            "POST /api/v1/users/login HTTP/1.1\r\nHost: h\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(form.utf8.count)\r\n\r\n" + form
        ))
        #expect(request.method == "POST")
        #expect(request.path == "/api/v1/users/login")
        #expect(request.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(request.body == Array(form.utf8))
    }

    @Test func identicalContentLengthsAreAccepted() throws {
        let request = try #require(parseRequest(
            "POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc"
        ))
        #expect(request.body == Array("abc".utf8))
    }

    @Test func chunkedBodyWithExtensionsAndTrailers() throws {
        let request = try #require(parseRequest(
            "POST /upload HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: Chunked\r\n\r\n"
                + "5;name=value\r\nhello\r\n"
                + "7 ; ext ; other=\"quoted\"\r\n, world\r\n"
                + "A\r\n0123456789\r\n"
                + "0\r\nX-Checksum: abc\r\nX-Other: d\r\n\r\n"
        ))
        #expect(request.body == Array("hello, world0123456789".utf8))
        #expect(!request.headers.contains("X-Checksum"), "trailer fields are skipped")
        #expect(request.headers["transfer-encoding"] == "Chunked")
    }

    @Test func chunkedBodyWithoutTrailers() throws {
        let request = try #require(parseRequest(
            "POST /upload HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
        ))
        #expect(request.body == Array("abc".utf8))
    }

    @Test func http10ClosesUnlessKeepAliveIsAsked() throws {
        let plain = try #require(parseRequest("GET / HTTP/1.0\r\n\r\n"))
        #expect(plain.version == .http1_0)
        #expect(!plain.keepAlive)
        let keepAlive = try #require(parseRequest("GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n"))
        #expect(keepAlive.keepAlive)
        let both = try #require(parseRequest("GET / HTTP/1.0\r\nConnection: keep-alive, close\r\n\r\n"))
        #expect(!both.keepAlive)
    }

    @Test func http11PersistsUnlessClosed() throws {
        let close = try #require(parseRequest("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n"))
        #expect(!close.keepAlive)
        let listed = try #require(parseRequest("GET / HTTP/1.1\r\nHost: h\r\nConnection: TE,  CLOSE \r\n\r\n"))
        #expect(!listed.keepAlive)
        let other = try #require(parseRequest("GET / HTTP/1.1\r\nHost: h\r\nConnection: Upgrade\r\n\r\n"))
        #expect(other.keepAlive)
    }

    @Test func absoluteFormTarget() throws {
        let request = try #require(parseRequest(
            "GET https://localhost:8443/api/v1/ping?x=1 HTTP/1.1\r\nHost: localhost:8443\r\n\r\n"
        ))
        #expect(request.target == "https://localhost:8443/api/v1/ping?x=1")
        #expect(request.path == "/api/v1/ping")
        #expect(request.query == "x=1")
        let bare = try #require(parseRequest("GET http://localhost HTTP/1.1\r\nHost: localhost\r\n\r\n"))
        #expect(bare.path == "/")
        #expect(bare.query == nil)
    }

    @Test func asteriskFormForOptions() throws {
        let request = try #require(parseRequest("OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n"))
        #expect(request.target == "*")
        #expect(request.path == "*")
    }

    @Test func headerLookupIgnoresCaseAndKeepsSpelling() throws {
        let request = try #require(parseRequest(
            "GET / HTTP/1.1\r\nhost: h\r\nx-api-VERSION: 1.0\r\nX-Signature:ABCDEF\r\n\r\n"
        ))
        #expect(request.headers["X-API-VERSION"] == "1.0")
        #expect(request.headers["x-signature"] == "ABCDEF")
        #expect(fieldPairs(request.headers) == [["host", "h"], ["x-api-VERSION", "1.0"], ["X-Signature", "ABCDEF"]])
    }

    @Test func duplicateHeadersStayInOrder() throws {
        let request = try #require(parseRequest(
            "GET / HTTP/1.1\r\nHost: h\r\nAccept: text/html\r\nX-Other: o\r\naccept: application/json\r\n\r\n"
        ))
        #expect(request.headers.values(for: "ACCEPT") == ["text/html", "application/json"])
        #expect(request.headers["Accept"] == "text/html")
        #expect(request.headers.count == 4)
    }

    @Test func valuesAreTrimmedOfOptionalWhitespaceOnly() throws {
        let request = try #require(parseRequest(
            "GET / HTTP/1.1\r\nHost: h\r\nX-Spaced: \t inner  value \t\r\nX-Empty:\r\nX-Utf8: caf\u{e9}\r\n\r\n"
        ))
        #expect(request.headers["X-Spaced"] == "inner  value")
        #expect(request.headers["X-Empty"] == "")
        #expect(request.headers["X-Utf8"] == "caf\u{e9}")
    }

    @Test func leadingEmptyLinesAreSkipped() throws {
        let request = try #require(parseRequest("\r\n\r\nGET /after HTTP/1.1\r\nHost: h\r\n\r\n"))
        #expect(request.path == "/after")
    }

    @Test func getWithBodyIsRead() throws {
        let request = try #require(parseRequest("GET /x HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nhi"))
        #expect(request.body == Array("hi".utf8))
    }

    @Test func pipelinedRequestsComeOutInOrder() {
        let bytes = Array((
            "GET /one HTTP/1.1\r\nHost: h\r\n\r\n"
                + "POST /two HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc"
                + "POST /three HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nz\r\n0\r\n\r\n"
                + "GET /four HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n"
        ).utf8)
        for feeding in Feeding.allCases {
            let events = requestEvents(bytes, feeding: feeding)
            let summary: [String] = events.map { event in
                guard case .request(let request) = event else { return "\(event)" }
                return "\(request.path) \(String(decoding: request.body, as: UTF8.self)) \(request.keepAlive)"
            }
            #expect(summary == ["/one  true", "/two abc true", "/three z true", "/four  false"], "\(feeding)")
        }
    }
}
