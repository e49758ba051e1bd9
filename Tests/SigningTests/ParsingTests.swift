import JSON
import Signing
import Testing

@Suite struct ParsingTests {
    let canonicalizer = Canonicalizer(policy: SigningPolicy())

    private func request(_ target: String, method: String = "GET", contentType: String? = nil, body: String = "",
                         headers: [(name: String, value: String)] = [("X-API-VERSION", "1.0")]) -> SignableRequest {
        SignableRequest(method: method, target: target,
                        headers: headers + (contentType.map { [("Content-Type", $0)] } ?? []), body: Array(body.utf8))
    }

    private func parsingError(_ request: SignableRequest) -> RequestParsingError? {
        do {
            let parameters = try canonicalizer.parameters(of: request)
            _ = try canonicalizer.canonicalize(request, parameters: parameters)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: ["/s?q=%G1", "/s?q=%2", "/s?q=abc%", "/s?%zz=1"])
    func rejectsBadPercentEncoding(_ target: String) {
        #expect(parsingError(request(target)) == .malformedBody("invalid percent-encoding in the query string"))
    }

    @Test func rejectsPercentEncodedBytesThatAreNotUTF8() {
        #expect(parsingError(request("/s?q=%FF")) == .malformedBody("invalid UTF-8 in the query string"))
        #expect(parsingError(request("/s", method: "POST", contentType: "application/x-www-form-urlencoded", body: "a=%C3%28"))
            == .malformedBody("invalid UTF-8 in the form body"))
    }

    @Test func rejectsAParameterWithoutAName() {
        #expect(parsingError(request("/s?=x")) == .malformedBody("a parameter without a name in the query string"))
        #expect(parsingError(request("/s?[]=x")) == .malformedBody("a parameter without a name in the query string"))
    }

    @Test func rejectsJSONBodiesThatAreNotObjects() {
        #expect(parsingError(request("/s", method: "POST", contentType: "application/json", body: "[1,2]"))
            == .malformedBody("the JSON body is not an object"))
        #expect(parsingError(request("/s", method: "POST", contentType: "application/json", body: #"{"a":1,}"#))
            == .malformedBody("invalid JSON body: expected a member name in double quotes at byte 7"))
    }

    @Test(arguments: [
        (#"{"nickname":"x","avatar":null}"#, "avatar"),
        (#"{"filter":{"a":1}}"#, "filter"),
        (#"{"ids":[1,null]}"#, "ids"),
        (#"{"rows":[[{"a":1}]]}"#, "rows"),
    ])
    func rejectsValuesWithoutAReliableRendering(_ body: String, name: String) {
        let error = parsingError(request("/s", method: "POST", contentType: "application/json", body: body))
        guard case .unsignableValue(let unsignable, let reason) = error else {
            Issue.record("expected unsignableValue, got \(String(describing: error))")
            return
        }
        #expect(unsignable == name)
        #expect(!reason.isEmpty)
    }

    @Test func rejectsASignedHeaderSentTwice() {
        let headers: [(name: String, value: String)] = [("X-API-VERSION", "1.0"), ("x-api-version", "2.0")]
        #expect(parsingError(request("/s", headers: headers)) == .duplicateSignedHeader("X-API-VERSION"))
        let unsigned: [(name: String, value: String)] = [("X-API-VERSION", "1.0"), ("Accept", "a"), ("accept", "b")]
        #expect(parsingError(request("/s", headers: unsigned)) == nil)
    }

    @Test func decodesPlusPercentAndArrays() throws {
        let parameters = try canonicalizer.parameters(of: request("/s?q=a+b%2Bc&tags%5B%5D=x&tags[]=y%20z&empty=&flag&&"))
        #expect(parameters.entries == [
            .init(name: "q", value: .text("a b+c"), source: .query),
            .init(name: "tags", value: .list([.text("x"), .text("y z")]), source: .query),
            .init(name: "empty", value: .text(""), source: .query),
            .init(name: "flag", value: .text(""), source: .query),
        ])
        #expect(parameters.string("q") == "a b+c")
        #expect(parameters.duplicateNames.isEmpty)
    }

    @Test func readsTheQueryAndTheBody() throws {
        let form = try canonicalizer.parameters(of: request("/s?from=ios", method: "POST",
                                                            contentType: "application/x-www-form-urlencoded; charset=utf-8",
                                                            body: "note=hi&from=web"))
        #expect(form.entries.map(\.name) == ["from", "note", "from"])
        #expect(form.entries.map(\.source) == [.query, .body, .body])
        #expect(form.duplicateNames == ["from"])
        #expect(form.string("from") == "ios")

        let json = try canonicalizer.parameters(of: request("/s", method: "PUT", contentType: "Application/JSON; charset=UTF-8",
                                                            body: #"{"page":2,"page":3}"#))
        #expect(json["page"] == .json(2))
        #expect(json.duplicateNames == ["page"])
        #expect(try canonicalizer.parameters(of: request("/s?a=1&a=2")).duplicateNames == ["a"])
    }

    @Test func recognizesJSONMediaTypesAndIgnoresOtherBodies() throws {
        #expect(try canonicalizer.parameters(of: request("/s", method: "POST", contentType: "application/vnd.api+json",
                                                         body: #"{"a":"b"}"#))["a"] == .json("b"))
        #expect(try canonicalizer.parameters(of: request("/s", method: "POST", contentType: "text/plain", body: "a=b")).entries.isEmpty)
        #expect(try canonicalizer.parameters(of: request("/s", method: "POST", body: "a=b")).entries.isEmpty)
        #expect(try canonicalizer.parameters(of: request("/s", method: "POST", contentType: "application/json")).entries.isEmpty)
    }

    @Test func signsHeadersUnderTheConfiguredSpellingWithTrimmedValues() throws {
        let policy = SigningPolicy(signedHeaders: ["X-Timestamp", "X-API-VERSION"])
        let canonicalizer = Canonicalizer(policy: policy)
        let request = request("/s?b=2", headers: [("x-timestamp", " \t1767225600  "), ("X-API-VERSION", "1.0"), ("X-DEVICE-ID", "d")])
        let canonical = try canonicalizer.canonicalize(request, parameters: try canonicalizer.parameters(of: request))
        #expect(canonical.keys == ["X-API-VERSION", "X-Timestamp", "b"])
        #expect(canonical.string(secret: "S", scheme: .md5) == "X-API-VERSION1.0X-Timestamp1767225600b2S")
    }

    @Test func aHeaderConfiguredTwiceIsSignedOnce() throws {
        let canonicalizer = Canonicalizer(policy: SigningPolicy(signedHeaders: ["X-API-VERSION", "x-api-version"]))
        let request = request("/s")
        let canonical = try canonicalizer.canonicalize(request, parameters: try canonicalizer.parameters(of: request))
        #expect(canonical.keys == ["X-API-VERSION"])
    }
}
