import HTTP
import Testing

@Suite("HTTPResponseEncoder")
struct ResponseEncoderTests {
    private let date = "Sun, 06 Nov 1994 08:49:37 GMT"

    private func encoded(
        _ response: HTTPResponse,
        version: HTTPVersion = .http1_1,
        keepAlive: Bool = true,
        headOnly: Bool = false
    ) -> String {
        var buffer: [UInt8] = []
        HTTPResponseEncoder.encode(response, version: version, keepAlive: keepAlive, date: date, headOnly: headOnly, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    private let hello = HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"], body: Array("hello".utf8))

    @Test func statusLineFieldsLengthAndBody() {
        #expect(encoded(hello) == "HTTP/1.1 200 OK\r\nDate: \(date)\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello")
    }

    @Test func closingConnectionSaysSo() {
        #expect(encoded(hello, keepAlive: false)
            == "HTTP/1.1 200 OK\r\nDate: \(date)\r\nContent-Type: text/plain\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
    }

    @Test func http10KeepAliveSaysSo() {
        #expect(encoded(hello, version: .http1_0)
            == "HTTP/1.0 200 OK\r\nDate: \(date)\r\nContent-Type: text/plain\r\nContent-Length: 5\r\nConnection: keep-alive\r\n\r\nhello")
        #expect(encoded(hello, version: .http1_0, keepAlive: false).contains("\r\nConnection: close\r\n"))
    }

    @Test func headResponseHasTheLengthButNoBody() {
        #expect(encoded(hello, headOnly: true) == "HTTP/1.1 200 OK\r\nDate: \(date)\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\n")
    }

    @Test func emptyBodyHasZeroLength() {
        #expect(encoded(HTTPResponse(status: .notFound)) == "HTTP/1.1 404 Not Found\r\nDate: \(date)\r\nContent-Length: 0\r\n\r\n")
    }

    @Test(arguments: [9, 10, 99, 100, 1_000, 65_536, 1_048_577])
    func lengthsAreWrittenInDecimal(length: Int) {
        let response = HTTPResponse(status: .ok, body: [UInt8](repeating: 0x61, count: length))
        #expect(encoded(response, headOnly: true) == "HTTP/1.1 200 OK\r\nDate: \(date)\r\nContent-Length: \(length)\r\n\r\n")
    }

    @Test func noContentHasNoLengthAndNoBody() {
        let response = HTTPResponse(status: .noContent, body: Array("ignored".utf8))
        #expect(encoded(response) == "HTTP/1.1 204 No Content\r\nDate: \(date)\r\n\r\n")
    }

    @Test func interimContinueIsOnlyAStatusLine() {
        #expect(encoded(HTTPResponse(status: .continue), keepAlive: false) == "HTTP/1.1 100 Continue\r\n\r\n")
    }

    @Test func callerFramingFieldsAreReplaced() {
        let response = HTTPResponse(
            status: .ok,
            headers: ["content-length": "999", "Transfer-Encoding": "chunked", "CONNECTION": "upgrade", "date": "yesterday", "X-Request-Id": "r1"],
            body: Array("ab".utf8)
        )
        #expect(encoded(response) == "HTTP/1.1 200 OK\r\nDate: \(date)\r\nX-Request-Id: r1\r\nContent-Length: 2\r\n\r\nab")
    }

    @Test func fieldsCannotSplitTheMessage() {
        let response = HTTPResponse(status: .ok, headers: ["X-Evil": "a\r\nSet-Cookie: x", "Bad Name": "v", "X-Nul": "a\u{0}b"])
        #expect(encoded(response)
            == "HTTP/1.1 200 OK\r\nDate: \(date)\r\nX-Evil: a  Set-Cookie: x\r\nX-Nul: a b\r\nContent-Length: 0\r\n\r\n")
    }

    @Test func largeHeadsAreWrittenWhole() {
        let value = String(repeating: "v", count: 5_000) + "\r\n" + String(repeating: "w", count: 30)
        let response = HTTPResponse(status: HTTPStatus(code: 299, reasonPhrase: "Long\nPhrase"), headers: ["X-Big": value, "X-Small": "s"])
        let spaced = String(repeating: "v", count: 5_000) + "  " + String(repeating: "w", count: 30)
        #expect(encoded(response, version: HTTPVersion(major: 1, minor: 0), keepAlive: false)
            == "HTTP/1.0 299 Long Phrase\r\nDate: \(date)\r\nX-Big: \(spaced)\r\nX-Small: s\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    }

    @Test func unregisteredStatusAndCustomPhrase() {
        #expect(encoded(HTTPResponse(status: HTTPStatus(code: 599))).hasPrefix("HTTP/1.1 599 \r\n"))
        #expect(encoded(HTTPResponse(status: HTTPStatus(code: 200, reasonPhrase: "Fine"))).hasPrefix("HTTP/1.1 200 Fine\r\n"))
    }

    @Test func appendsAfterExistingBytes() {
        var buffer = Array("previous".utf8)
        HTTPResponseEncoder.encode(HTTPResponse(status: .ok), version: .http1_1, keepAlive: true, date: date, into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "previousHTTP/1.1 200 OK\r\nDate: \(date)\r\nContent-Length: 0\r\n\r\n")
    }
}
