import HTTP
import Testing

@Suite("HTTPResponseParser")
struct ResponseParserTests {
    /// The events of `fixture` in every feeding, checked to agree.
    private func parse(_ fixture: String, method: String = "GET", limits: HTTPLimits = .default,
                       sourceLocation: SourceLocation = #_sourceLocation) -> [HTTPResponseParserEvent] {
        let bytes = Array(fixture.utf8)
        let whole = responseEvents(bytes, method: method, feeding: .whole, limits: limits)
        #expect(responseEvents(bytes, method: method, feeding: .byteByByte, limits: limits) == whole, sourceLocation: sourceLocation)
        return whole
    }

    private func response(_ status: Int, _ phrase: String, _ fields: HTTPHeaders, _ body: String) -> HTTPResponse {
        HTTPResponse(status: HTTPStatus(code: status, reasonPhrase: phrase), headers: fields, body: Array(body.utf8))
    }

    @Test func contentLengthResponse() {
        #expect(parse("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-A: b\r\n\r\nhello")
            == [.response(response(200, "OK", ["Content-Length": "5", "X-A": "b"], "hello"), keepAlive: true)])
    }

    @Test func chunkedResponse() {
        #expect(parse("HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2;x=y\r\nde\r\n0\r\n\r\n")
            == [.response(response(201, "Created", ["Transfer-Encoding": "chunked"], "abcde"), keepAlive: true)])
    }

    @Test func bodyUntilCloseEndsWithFinish() {
        #expect(parse("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nall of it")
            == [.response(response(200, "OK", ["Content-Type": "text/plain"], "all of it"), keepAlive: false)])
    }

    @Test func interimResponsesAreSkipped() {
        #expect(parse("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 102 Processing\r\nX: y\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n")
            == [.response(response(204, "No Content", [:], ""), keepAlive: true)])
    }

    @Test func headResponseHasNoBody() {
        let fixture = "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n"
        #expect(parse(fixture, method: "HEAD") == [
            .response(response(200, "OK", ["Content-Length": "5"], ""), keepAlive: true),
            .response(response(404, "Not Found", ["Content-Length": "0"], ""), keepAlive: true),
        ])
    }

    @Test func connectionOptionsAndVersion() {
        #expect(parse("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
            == [.response(response(200, "OK", ["Connection": "close", "Content-Length": "0"], ""), keepAlive: false)])
        #expect(parse("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n")
            == [.response(response(200, "OK", ["Content-Length": "0"], ""), keepAlive: false)])
        #expect(parse("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n")
            == [.response(response(200, "OK", ["Connection": "keep-alive", "Content-Length": "0"], ""), keepAlive: true)])
    }

    @Test func missingReasonPhraseIsAccepted() {
        #expect(parse("HTTP/1.1 200\r\nContent-Length: 0\r\n\r\n") == [.response(response(200, "", ["Content-Length": "0"], ""), keepAlive: true)])
    }

    @Test func closeInTheMiddleIsAFailure() {
        #expect(parse("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort") == [.failure(.malformed("connection closed before the body was complete"))])
        #expect(parse("HTTP/1.1 200 OK\r\nContent-") == [.failure(.malformed("connection closed before the response was complete"))])
        #expect(parse("").isEmpty)
    }

    @Test func bodyLimitApplies() {
        let limits = HTTPLimits(maxBodyBytes: 4)
        #expect(parse("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", limits: limits) == [.failure(.bodyTooLarge)])
        #expect(parse("HTTP/1.1 200 OK\r\n\r\nhello", limits: limits) == [.failure(.bodyTooLarge)])
    }

    @Test(arguments: ["HTTP/1.1 20 OK", "HTTP/1.1 2000 OK", "HTTP/1.1 abc OK", "HTTP/1.1  200 OK", "HTTP/1.1 099 Low", "HTP/1.1 200 OK"])
    func malformedStatusLines(line: String) throws {
        let events = parse(line + "\r\nContent-Length: 0\r\n\r\n")
        guard events.count == 1, case .failure(let error) = events[0] else {
            Issue.record("expected one failure, got \(events)")
            return
        }
        #expect(error.isMalformed)
    }
}
