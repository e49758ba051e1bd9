import HTTP
import Testing

@Suite("HTTPRequestParser: rejected requests")
struct RequestParserRejectionTests {
    @Test(arguments: [
        // Both framings: the classic CL.TE / TE.CL smuggling.
        "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n",
        // Conflicting lengths, also when listed or spelled differently.
        "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\nContent-Length: 5\r\n\r\nabcde",
        "POST / HTTP/1.1\r\nHost: h\r\ncontent-length: 4\r\nCONTENT-LENGTH: 40\r\n\r\nabcd",
        // Lengths that are not plain digits.
        "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 4, 4\r\n\r\nabcd",
        "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: +4\r\n\r\nabcd",
        "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: -1\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 0x10\r\n\r\n",
        "POST / HTTP/1.1\r\nHost: h\r\nContent-Length:\r\n\r\n",
        // Transfer-Encoding is HTTP/1.1 only.
        "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    ])
    func smugglingAttemptsAre400(fixture: String) throws {
        let error = try #require(parseFailure(fixture))
        #expect(error.isMalformed, "\(error)")
        #expect(error.status == .badRequest)
    }

    @Test(arguments: ["zz", "", "-5", " 5", "0x5", "5 5", "5;\u{1}"])
    func badChunkSizesAre400(size: String) throws {
        let fixture = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n\(size)\r\nhello\r\n0\r\n\r\n"
        #expect(try #require(parseFailure(fixture)).isMalformed)
    }

    @Test(arguments: [
        "5\r\nhelloXY0\r\n\r\n",  // data longer than its size
        "5\r\nhello\n0\r\n\r\n",  // bare LF after data
        "5\nhello\r\n0\r\n\r\n",  // bare LF after the size
        "1\r\na\r\n0\r\nBad Trailer: x\r\n\r\n",
    ])
    func badChunkFramingIs400(body: String) throws {
        let fixture = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n" + body
        #expect(try #require(parseFailure(fixture)).isMalformed)
    }

    @Test(arguments: [
        "Bad Name: x",  // space inside the name
        "Host : x",  // whitespace before the colon
        ": no name",
        "Quoted\"Name: x",
        "NoColon",
        "X-A: a\u{0}b",  // NUL in the value
        "X-A: a\rb",  // bare CR in the value
        "X-A: a\u{7F}b",  // DEL
    ])
    func invalidHeaderFieldsAre400(field: String) throws {
        #expect(try #require(parseFailure("GET / HTTP/1.1\r\nHost: h\r\n\(field)\r\n\r\n")).isMalformed)
    }

    @Test func obsoleteLineFoldingIs400() throws {
        #expect(try #require(parseFailure("GET / HTTP/1.1\r\nHost: h\r\nX-A: a\r\n  continued\r\n\r\n")) == .malformed("obsolete line folding"))
        #expect(try #require(parseFailure("GET / HTTP/1.1\r\n\tHost: h\r\n\r\n")) == .malformed("obsolete line folding"))
    }

    @Test(arguments: [
        "GET / HTTP/1.1\nHost: h\n\n",
        "GET / HTTP/1.1\r\nHost: h\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\n\n",
    ])
    func bareLineFeedsAre400(fixture: String) throws {
        #expect(try #require(parseFailure(fixture)).isMalformed)
    }

    @Test(arguments: ["HTTP/2.0", "HTTP/1.2", "HTTP/0.9", "HTTP/3.1"])
    func otherVersionsAre505(version: String) throws {
        let error = try #require(parseFailure("GET / \(version)\r\nHost: h\r\n\r\n"))
        #expect(error == .versionNotSupported)
        #expect(error.status == .httpVersionNotSupported)
    }

    @Test func http2PrefaceIs505() {
        #expect(parseFailure("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n") == .versionNotSupported)
    }

    @Test(arguments: ["gzip", "chunked, gzip", "gzip, chunked", "chunked, chunked", "identity"])
    func otherTransferCodingsAre501(coding: String) throws {
        let error = try #require(parseFailure("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: \(coding)\r\n\r\n"))
        #expect(error == .unsupportedTransferEncoding)
        #expect(error.status == .notImplemented)
    }

    @Test func twoTransferEncodingFieldsAre501() {
        let fixture = "POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n"
        #expect(parseFailure(fixture) == .unsupportedTransferEncoding)
    }

    @Test func hostIsRequiredOnceInHTTP11() {
        #expect(parseFailure("GET / HTTP/1.1\r\nAccept: */*\r\n\r\n") == .malformed("missing Host header"))
        #expect(parseFailure("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") == .malformed("multiple Host headers"))
    }

    @Test(arguments: [
        "GET  / HTTP/1.1",  // two spaces
        "GET / HTTP/1.1 ",  // trailing space
        "GET /",  // no version
        "GET / http/1.1",  // lower-case protocol name
        "GET / HTTP/1.10",
        "G@T / HTTP/1.1",  // not a token
        " GET / HTTP/1.1",
        "GET * HTTP/1.1",  // asterisk-form is for OPTIONS only
        "CONNECT localhost:8443 HTTP/1.1",  // authority-form
        "GET api/v1 HTTP/1.1",
        "GET http:/// HTTP/1.1",  // absolute-form without authority
        "GET /caf\u{e9} HTTP/1.1",  // not ASCII
        "GET /a\tb HTTP/1.1",
    ])
    func malformedRequestLinesAre400(line: String) throws {
        #expect(try #require(parseFailure(line + "\r\nHost: h\r\n\r\n")).isMalformed)
    }

    @Test func tooManyEmptyLinesBeforeTheRequestAre400() throws {
        let fixture = String(repeating: "\r\n", count: 9) + "GET / HTTP/1.1\r\nHost: h\r\n\r\n"
        #expect(try #require(parseFailure(fixture)).isMalformed)
    }

    @Test func errorStatuses() {
        #expect(HTTPParseError.malformed("x").status.code == 400)
        #expect(HTTPParseError.uriTooLong.status.code == 414)
        #expect(HTTPParseError.headersTooLarge.status.code == 431)
        #expect(HTTPParseError.bodyTooLarge.status.code == 413)
        #expect(HTTPParseError.versionNotSupported.status.code == 505)
        #expect(HTTPParseError.unsupportedTransferEncoding.status.code == 501)
    }
}
