import HTTP
import Testing

@Suite("HTTPRequestParser: 100-continue and connection state")
struct RequestParserStateTests {
    private let head = "POST /api/v1/users/profile HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n"

    @Test func continueIsExpectedBeforeTheBodyArrives() {
        var parser = HTTPRequestParser()
        parser.append(Array(head.utf8))
        #expect(parser.next() == .continueExpected)
        #expect(parser.next() == nil)
        #expect(parser.isReadingBody)
        parser.append(Array("hello".utf8))
        let event = parser.next()
        guard case .request(let request)? = event else {
            Issue.record("expected the request, got \(String(describing: event))")
            return
        }
        #expect(request.body == Array("hello".utf8))
        #expect(parser.next() == nil)
        #expect(!parser.isReadingBody)
    }

    @Test func continueComesOnceAndFirstWhenFedByteByByte() {
        let events = requestEvents(Array((head + "hello").utf8), feeding: .byteByByte)
        #expect(events.count == 2)
        #expect(events.first == .continueExpected)
        #expect(events.dropFirst().allSatisfy { $0 != .continueExpected })
    }

    @Test func noContinueWhenTheBodyCameWithTheHead() {
        let events = requestEvents(Array((head + "hello").utf8), feeding: .whole)
        #expect(events.count == 1)
        #expect(!events.contains(.continueExpected))
    }

    @Test func noContinueForChunkedWhenDataIsHere() {
        let chunked = "POST /x HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nTransfer-Encoding: chunked\r\n\r\n"
        #expect(requestEvents(Array(chunked.utf8), feeding: .whole) == [.continueExpected])
        #expect(requestEvents(Array((chunked + "1\r\na\r\n0\r\n\r\n").utf8), feeding: .whole).count == 1)
    }

    @Test(arguments: [
        // HTTP/1.0 knows no 100 Continue.
        "POST /x HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n",
        // No body declared.
        "POST /x HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 0\r\n\r\n",
        "GET /x HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\n\r\n",
        // Another expectation.
        "POST /x HTTP/1.1\r\nHost: h\r\nExpect: something-else\r\nContent-Length: 5\r\n\r\n",
    ])
    func noContinueWithoutAnHTTP11BodyExpectingIt(fixture: String) {
        #expect(!requestEvents(Array(fixture.utf8), feeding: .byteByByte).contains(.continueExpected))
    }

    @Test func oversizedBodyFailsInsteadOfContinuing() {
        let fixture = "POST /x HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 52428800\r\n\r\n"
        let events = requestEvents(Array(fixture.utf8), feeding: .byteByByte)
        #expect(events.count == 1)
        guard case .bodyTooLarge(let head) = events.first else { return #expect(Bool(false), "\(events)") }
        #expect(head.target == "/x")
    }

    @Test func partialRequestTracking() {
        var parser = HTTPRequestParser()
        #expect(!parser.hasPartialRequest)
        parser.append(Array("GET / HT".utf8))
        #expect(parser.next() == nil)
        #expect(parser.hasPartialRequest)
        parser.append(Array("TP/1.1\r\nHost: h\r\n\r\n".utf8))
        #expect(parser.next() != nil)
        #expect(!parser.hasPartialRequest)
        parser.append(Array("\r\n".utf8))
        #expect(parser.next() == nil)
        #expect(parser.hasPartialRequest, "an empty line before a request line is a request started")
    }

    @Test func nothingAfterAFailure() {
        var parser = HTTPRequestParser()
        parser.append(Array("GET / HTTP/3.0\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        #expect(parser.next() == .failure(.versionNotSupported))
        #expect(parser.next() == nil)
        parser.append(Array("GET / HTTP/1.1\r\nHost: h\r\n\r\n".utf8))
        #expect(parser.next() == nil)
        #expect(!parser.hasPartialRequest)
    }

    @Test func incompleteRequestWaitsForMore() {
        for prefix in ["GET / HTTP/1.1\r\nHost: h\r\n", "POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nab"] {
            #expect(requestEvents(Array(prefix.utf8), feeding: .whole).isEmpty, "\(prefix)")
            #expect(requestEvents(Array(prefix.utf8), feeding: .byteByByte).isEmpty, "\(prefix)")
        }
    }
}
