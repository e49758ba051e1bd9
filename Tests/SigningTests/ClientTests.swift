import Signing
import Testing

/// Requests from a correctly written client are accepted, whatever the encoding and value types.
@Suite struct ClientTests {
    let server = TestServer()

    private func send(_ client: SwiftClient, _ method: String, _ url: String, _ encoding: SwiftClient.Encoding) throws -> TestServer.Outcome {
        try server.receive(client.wire(method: method, url: url, encoding: encoding,
                                       signature: client.md5Signature(of: client.signingString())))
    }

    private var authenticated: SwiftClient {
        var client = SwiftClient()
        client.headers["Authorization"] = "Bearer \(TestServer.token)"
        client.headers["X-DEVICE-ID"] = "3141CBCA-730B-467C-A5A7-49B5F181D866"
        return client
    }

    @Test func acceptsAQueryOfIntegers() throws {
        var client = authenticated
        client.parameters = ["page": 5, "size": 20]
        #expect(try send(client, "GET", "/api/v1/games", .url).verdict == .valid)
    }

    @Test func acceptsAFormWithReservedCharacters() throws {
        var client = SwiftClient()
        client.parameters = ["phone": "13860407668", "password": "p@ss w+rd&=%/?#[]!$'()*,;:"]
        #expect(try send(client, "POST", "/api/v1/users/login", .url).verdict == .valid)
    }

    @Test func acceptsUnicodeNamesAndValues() throws {
        var client = SwiftClient()
        client.parameters = ["nickname": "六阿哥 테스트 ✓ 😀", "名字": "é"]
        #expect(try send(client, "POST", "/api/v1/users/register", .url).verdict == .valid)
        #expect(try send(client, "GET", "/api/v1/search", .url).verdict == .valid)
    }

    @Test func acceptsTypedJSON() throws {
        var client = authenticated
        client.parameters = ["nickname": "Ann", "age": 36, "vip": true, "score": 1.5, "ratio": 0.1,
                             "tags": ["a", "b c", "quote\""], "ids": [1, 2], "flags": [true, false], "debt": -3]
        #expect(try send(client, "POST", "/api/v1/users/profile", .json).verdict == .valid)
    }

    @Test func acceptsStringArraysInAForm() throws {
        var client = SwiftClient()
        client.parameters = ["tags": ["swift", "ios dev"]]
        #expect(try send(client, "POST", "/api/v1/tags", .url).verdict == .valid)
        #expect(try send(client, "GET", "/api/v1/tags", .url).verdict == .valid)
    }

    @Test func acceptsLowercasedHeaderNamesOnTheWire() throws {
        let client = authenticated
        let request = client.wire(method: "GET", url: "/api/v1/checkin", encoding: .url,
                                  signature: client.md5Signature(of: client.signingString()),
                                  sentHeaders: client.headers.map { ($0.key.lowercased(), "  \($0.value) ") })
        #expect(try server.receive(request).verdict == .valid)
    }

    @Test func sortsKeysAsSwiftDoes() throws {
        // "e" + combining acute is "é" in NFC, which sorts after "f" (U+00E9 > U+0066), not before as its bytes would.
        var client = SwiftClient()
        client.parameters = ["e\u{301}": "2", "f": "1", "Zeta": "3", "alpha": "4"]
        let outcome = try send(client, "GET", "/api/v1/search", .url)
        #expect(outcome.verdict == .valid)
        #expect(outcome.canonical.keys == ["X-API-VERSION", "Zeta", "alpha", "f", "e\u{301}"])
        let canonical = outcome.canonical.string(secret: "S", scheme: .md5)
        #expect(Array(canonical.utf8) == Array("X-API-VERSION1.0Zeta3alpha4f1e\u{301}2S".utf8))
    }
}
