import HTTP
import Testing

@Suite("HTTPStatus and HTTPRequest values")
struct HTTPValueTests {
    @Test func statusPhrases() {
        let expected: [(HTTPStatus, Int, String)] = [
            (.continue, 100, "Continue"), (.ok, 200, "OK"), (.created, 201, "Created"), (.noContent, 204, "No Content"),
            (.badRequest, 400, "Bad Request"), (.unauthorized, 401, "Unauthorized"), (.forbidden, 403, "Forbidden"),
            (.notFound, 404, "Not Found"), (.methodNotAllowed, 405, "Method Not Allowed"),
            (.requestTimeout, 408, "Request Timeout"), (.contentTooLarge, 413, "Content Too Large"),
            (.uriTooLong, 414, "URI Too Long"), (.tooManyRequests, 429, "Too Many Requests"),
            (.requestHeaderFieldsTooLarge, 431, "Request Header Fields Too Large"),
            (.internalServerError, 500, "Internal Server Error"), (.notImplemented, 501, "Not Implemented"),
            (.serviceUnavailable, 503, "Service Unavailable"), (.httpVersionNotSupported, 505, "HTTP Version Not Supported"),
        ]
        for (status, code, phrase) in expected {
            #expect(status.code == code)
            #expect(status.reasonPhrase == phrase)
            #expect(HTTPStatus(code: code) == status)
        }
        #expect(HTTPStatus(code: 299).reasonPhrase == "")
    }

    @Test(arguments: [
        ("/a/b?x=1&y=2", "/a/b", "x=1&y=2"),
        ("/a?", "/a", ""),
        ("/a?b?c", "/a", "b?c"),
        ("/", "/", nil),
        ("http://h:1/p?q", "/p", "q"),
        ("https://h?q", "/", "q"),
        ("*", "*", nil),
    ] as [(String, String, String?)])
    func pathAndQueryFromTarget(target: String, path: String, query: String?) {
        let request = HTTPRequest(method: "GET", target: target)
        #expect(request.path == path)
        #expect(request.query == query)
    }

    @Test func keepAliveFromVersionAndConnection() {
        #expect(HTTPRequest(method: "GET", target: "/").keepAlive)
        #expect(!HTTPRequest(method: "GET", target: "/", headers: ["Connection": "close"]).keepAlive)
        #expect(!HTTPRequest(method: "GET", target: "/", version: .http1_0).keepAlive)
        #expect(HTTPRequest(method: "GET", target: "/", version: .http1_0, headers: ["connection": "KEEP-ALIVE"]).keepAlive)
    }
}
