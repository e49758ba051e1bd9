import HTTP
import Testing

@Suite("Encoders to parsers")
struct RoundTripTests {
    @Test func responsesRoundTripThroughTheResponseParser() {
        let date = HTTPDate.format(unixSeconds: 1_700_000_000)
        let json = HTTPResponse(
            status: .created,
            headers: ["Content-Type": "application/json; charset=utf-8", "X-Request-Id": "abc"],
            body: Array("{\"code\":0}".utf8)
        )
        let empty = HTTPResponse(status: .unauthorized)
        var buffer: [UInt8] = []
        HTTPResponseEncoder.encode(json, version: .http1_1, keepAlive: true, date: date, into: &buffer)
        HTTPResponseEncoder.encode(empty, version: .http1_1, keepAlive: false, date: date, into: &buffer)

        for feeding in Feeding.allCases {
            let events = responseEvents(buffer, feeding: feeding)
            #expect(events == [
                .response(HTTPResponse(
                    status: HTTPStatus(code: 201, reasonPhrase: "Created"),
                    headers: [
                        "Date": date, "Content-Type": "application/json; charset=utf-8", "X-Request-Id": "abc",
                        "Content-Length": "10",
                    ],
                    body: Array("{\"code\":0}".utf8)
                ), keepAlive: true),
                .response(HTTPResponse(
                    status: HTTPStatus(code: 401, reasonPhrase: "Unauthorized"),
                    headers: ["Date": date, "Content-Length": "0", "Connection": "close"]
                ), keepAlive: false),
            ], "\(feeding)")
        }
    }

    @Test func headResponseRoundTrips() {
        var buffer: [UInt8] = []
        let response = HTTPResponse(status: .ok, body: Array("twelve bytes".utf8))
        HTTPResponseEncoder.encode(response, version: .http1_1, keepAlive: true, date: "d", headOnly: true, into: &buffer)
        #expect(responseEvents(buffer, method: "HEAD", feeding: .whole) == [
            .response(HTTPResponse(status: .ok, headers: ["Date": "d", "Content-Length": "12"]), keepAlive: true),
        ])
    }

    @Test func requestsRoundTripThroughTheRequestParser() {
        let form = HTTPRequest(
            method: "POST",
            target: "/api/v1/users/login?trace=1",
            headers: ["Host": "localhost:8443", "Content-Type": "application/x-www-form-urlencoded"],
            body: Array("phone=13800000000&password=x".utf8)
        )
        let emptyPost = HTTPRequest(method: "POST", target: "/api/v1/users/logout", headers: ["Host": "localhost"])
        var closing = HTTPRequest(method: "GET", target: "/api/v1/ping", headers: ["Host": "localhost"])
        closing.keepAlive = false
        var buffer: [UInt8] = []
        for request in [form, emptyPost, closing] {
            HTTPRequestEncoder.encode(request, into: &buffer)
        }
        #expect(String(decoding: buffer, as: UTF8.self) == """
            POST /api/v1/users/login?trace=1 HTTP/1.1\r
            Host: localhost:8443\r
            Content-Type: application/x-www-form-urlencoded\r
            Content-Length: 28\r
            \r
            phone=13800000000&password=x\
            POST /api/v1/users/logout HTTP/1.1\r
            Host: localhost\r
            Content-Length: 0\r
            \r
            GET /api/v1/ping HTTP/1.1\r
            Host: localhost\r
            Connection: close\r
            \r

            """)

        for feeding in Feeding.allCases {
            let events = requestEvents(buffer, feeding: feeding)
            let parsed: [HTTPRequest] = events.compactMap { if case .request(let request) = $0 { request } else { nil } }
            #expect(parsed.count == 3, "\(feeding)")
            guard parsed.count == 3 else { continue }
            #expect(parsed.map(\.method) == ["POST", "POST", "GET"])
            #expect(parsed.map(\.target) == ["/api/v1/users/login?trace=1", "/api/v1/users/logout", "/api/v1/ping"])
            #expect(parsed.map(\.body) == [Array("phone=13800000000&password=x".utf8), [], []])
            #expect(parsed.map(\.keepAlive) == [true, true, false])
            #expect(parsed[0].headers["content-type"] == "application/x-www-form-urlencoded")
        }
    }
}
