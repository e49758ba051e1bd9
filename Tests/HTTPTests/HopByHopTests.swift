import HTTP
import Testing

@Suite struct HopByHopTests {
    @Test func removesTheHopByHopFieldsAndThoseConnectionNames() {
        let headers: HTTPHeaders = [
            "Host": "localhost:8443", "Connection": "keep-alive, X-Hop", "Keep-Alive": "timeout=5", "Proxy-Authorization": "Basic abc",
            "Proxy-Connection": "keep-alive", "TE": "trailers", "Trailer": "X-Checksum", "Transfer-Encoding": "chunked",
            "Upgrade": "h2c", "X-Hop": "1", "Content-Length": "12", "X-API-VERSION": "1.0", "Authorization": "Bearer t",
        ]
        let kept = headers.removingHopByHop()
        #expect(kept.map(\.name) == ["Host", "X-API-VERSION", "Authorization"])
        #expect(kept["Authorization"] == "Bearer t")
    }

    @Test func connectionOptionsAreMatchedWithoutCaseAndSpaces() {
        let headers = HTTPHeaders([(name: "connection", value: " x-one ,X-TWO"), (name: "X-One", value: "a"), (name: "x-two", value: "b"),
                                   (name: "X-Three", value: "c")])
        #expect(headers.removingHopByHop().map(\.name) == ["X-Three"])
    }
}
