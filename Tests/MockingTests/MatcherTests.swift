import JSON
@testable import Mocking
import Testing

@Suite("Stub matching")
struct MatcherTests {
    let scenarios = ScenarioStore()

    @Test("a path template captures its parameters; globs match one segment or the rest")
    func pathTemplates() throws {
        let template = try PathTemplate("/api/v1/orders/{id}/items/{item}")
        #expect(template.match("/api/v1/orders/42/items/7") == ["id": "42", "item": "7"])
        #expect(template.match("/api/v1/orders/42/items") == nil)
        #expect(template.match("/api/v1/orders//items/7") == nil)
        let one = try PathTemplate("/api/v1/*/status")
        #expect(one.match("/api/v1/orders/status") == [:])
        #expect(one.match("/api/v1/orders/1/status") == nil)
        let rest = try PathTemplate("/api/v1/files/**")
        #expect(rest.match("/api/v1/files/a/b/c.png") == [:])
        #expect(rest.match("/api/v1/files") == nil)
        #expect(rest.match("/api/v1/other/a") == nil)
    }

    @Test("a malformed path template is refused with its rule", arguments: [
        ("/api/v1/{id", "a parameter is a whole segment"),
        ("/api/v1/**/x", "'**' only as its last segment"),
        ("/api/v1/{id}/{id}", "names the parameter 'id' twice"),
        ("/api/v1/a?b=1", "must not contain a query"),
        ("api/v1", "must start with '/'"),
    ])
    func malformedTemplates(text: String, rule: String) {
        #expect(throws: DefinitionError.self) { try PathTemplate(text) }
        do {
            _ = try PathTemplate(text)
        } catch {
            #expect(error.rule.contains(rule), "\(error)")
        }
    }

    @Test("parameters match by equality, regular expression, presence and absence")
    func parameterMatchers() throws {
        let stub = try Fixture.stub("""
        {"request": {"method": "GET", "path": "/api/v1/orders", "params": {
          "status": "paid", "page": {"matches": "^[0-9]+$"}, "cursor": {"present": true}, "debug": {"absent": true}}}}
        """)
        let matcher = StubMatcher(stubs: [stub])
        let good = MockRequest(method: "GET", path: "/api/v1/orders", query: [("status", "paid"), ("page", "12"), ("cursor", "x")])
        #expect(matcher.match(good, scenarios: scenarios).stubID == 1)
        var wrong = good
        wrong.query[0].value = "open"
        #expect(matcher.misses(wrong, scenarios: scenarios).first?.failure == "param 'status' was 'open', the stub wants 'paid'")
        wrong = good
        wrong.query[1].value = "1a"
        #expect(matcher.misses(wrong, scenarios: scenarios).first?.failure == "param 'page' was '1a', the stub wants it to match '^[0-9]+$'")
        wrong = good
        wrong.query.remove(at: 2)
        #expect(matcher.misses(wrong, scenarios: scenarios).first?.failure == "param 'cursor' is missing, the stub wants it present")
        wrong = good
        wrong.query.append(("debug", "1"))
        #expect(matcher.misses(wrong, scenarios: scenarios).first?.failure == "param 'debug' was '1', the stub wants it absent")
    }

    @Test("a parameter is read from the query, the form body or a JSON body member")
    func parameterSources() throws {
        let matcher = StubMatcher(stubs: [try Fixture.stub(#"{"request": {"method": "POST", "path": "/api/v1/pay", "params": {"amount": 5}}}"#)])
        #expect(matcher.match(MockRequest(method: "POST", path: "/api/v1/pay", form: [("amount", "5")]), scenarios: scenarios).stubID == 1)
        #expect(matcher.match(MockRequest(method: "POST", path: "/api/v1/pay", jsonBody: ["amount": 5]), scenarios: scenarios).stubID == 1)
        #expect(matcher.match(MockRequest(method: "POST", path: "/api/v1/pay", jsonBody: ["amount": 6]), scenarios: scenarios).stubID == nil)
    }

    @Test("headers match without regard to the name's case; JSON body members by JSON Pointer")
    func headersAndBody() throws {
        let stub = try Fixture.stub("""
        {"request": {"method": "POST", "path": "/api/v1/orders", "headers": {"X-Client": {"matches": "^ios/"}},
          "body": {"/items/0/sku": "A1", "/coupon": {"absent": true}, "/count": 2}}}
        """)
        let matcher = StubMatcher(stubs: [stub])
        var request = MockRequest(method: "POST", path: "/api/v1/orders", jsonBody: ["items": [["sku": "A1"]], "count": 2.0],
                                  headers: [("x-client", "ios/17.2")])
        #expect(matcher.match(request, scenarios: scenarios).stubID == 1)
        request.jsonBody = ["items": [["sku": "B2"]], "count": 2]
        #expect(matcher.misses(request, scenarios: scenarios).first?.failure == "body member '/items/0/sku' was 'B2', the stub wants 'A1'")
        request.headers = [("X-Client", "android/14")]
        #expect(matcher.misses(request, scenarios: scenarios).first?.failure == "header 'X-Client' was 'android/14', the stub wants it to match '^ios/'")
    }

    @Test("a smaller priority number wins over specificity; within one priority the most specific stub wins, then the newest")
    func ranking() throws {
        let generic = try Fixture.stub(#"{"request": {"method": "GET", "path": "/api/v1/orders/{id}"}}"#, id: 1)
        let literal = try Fixture.stub(#"{"request": {"method": "GET", "path": "/api/v1/orders/7"}}"#, id: 2)
        let glob = try Fixture.stub(#"{"request": {"method": "GET", "path": "/api/v1/orders/*"}}"#, id: 3)
        let conditioned = try Fixture.stub(#"{"request": {"method": "GET", "path": "/api/v1/orders/{id}", "params": {"full": "1"}}}"#, id: 4)
        let urgent = try Fixture.stub(#"{"priority": 1, "request": {"method": "ANY", "path": "/api/v1/**"}}"#, id: 5)
        let seven = MockRequest(method: "GET", path: "/api/v1/orders/7")
        let eight = MockRequest(method: "GET", path: "/api/v1/orders/8", query: [("full", "1")])
        let nine = MockRequest(method: "GET", path: "/api/v1/orders/9")

        let matcher = StubMatcher(stubs: [glob, conditioned, literal, generic])
        #expect(matcher.match(seven, scenarios: scenarios).stubID == 2)
        #expect(matcher.match(eight, scenarios: scenarios).stubID == 4)
        #expect(matcher.match(nine, scenarios: scenarios).stubID == 1)
        #expect(matcher.match(nine, scenarios: scenarios).pathParameters == ["id": "9"])
        #expect(StubMatcher(stubs: [urgent, glob, literal]).match(seven, scenarios: scenarios).stubID == 5)
        let newer = try Fixture.stub(#"{"request": {"method": "GET", "path": "/api/v1/orders/{id}"}}"#, id: 6)
        #expect(StubMatcher(stubs: [newer, generic]).match(nine, scenarios: scenarios).stubID == 6)
    }

    @Test("the index finds stubs whose path starts with a parameter or glob as well as literal ones")
    func indexedLookup() throws {
        let stubs = try (1...50).map { try Fixture.stub(#"{"request": {"method": "GET", "path": "/api/v1/area\#($0)/items"}}"#, id: $0) }
            + [Fixture.stub(#"{"request": {"method": "GET", "path": "/api/{version}/status"}}"#, id: 51),
               Fixture.stub(#"{"request": {"method": "GET", "path": "/api/v1/area7/items/**"}}"#, id: 52)]
        let matcher = StubMatcher(stubs: stubs)
        #expect(matcher.match(MockRequest(method: "GET", path: "/api/v1/area7/items"), scenarios: scenarios).stubID == 7)
        #expect(matcher.match(MockRequest(method: "GET", path: "/api/v9/status"), scenarios: scenarios).stubID == 51)
        #expect(matcher.match(MockRequest(method: "GET", path: "/api/v1/area7/items/a/b"), scenarios: scenarios).stubID == 52)
        #expect(matcher.match(MockRequest(method: "GET", path: "/api/v1/area51/items"), scenarios: scenarios).stubID == nil)
    }

    @Test("a HEAD is answered by a GET stub; another method gives the stubs' methods for Allow")
    func methods() throws {
        let matcher = StubMatcher(stubs: [try Fixture.stub(#"{"method": "GET", "path": "/api/v1/banner"}"#),
                                          try Fixture.stub(#"{"method": "PUT", "path": "/api/v1/banner"}"#, id: 2)])
        #expect(matcher.match(MockRequest(method: "HEAD", path: "/api/v1/banner"), scenarios: scenarios).stubID == 1)
        let post = MockRequest(method: "POST", path: "/api/v1/banner")
        #expect(matcher.allowedMethods(for: post) == ["GET", "PUT"])
        #expect(matcher.misses(post, scenarios: scenarios).first?.failure == "method was POST, the stub wants GET")
        let conditioned = StubMatcher(stubs: [try Fixture.stub(#"{"method": "GET", "path": "/api/v1/banner"}"#),
                                              try Fixture.stub(#"{"request": {"method": "POST", "path": "/api/v1/banner", "params": {"a": "1"}}}"#, id: 2)])
        let none = conditioned.allowedMethods(for: post)
        #expect(none.isEmpty, "a POST stub that failed a condition makes it a near miss, not a wrong method")
    }

    @Test("near misses name the closest stubs first, at most three, each with its first failed condition")
    func nearMisses() throws {
        let stubs = try [
            Fixture.stub(#"{"request": {"method": "GET", "path": "/api/v1/orders", "params": {"status": "paid", "page": "1"}}}"#, id: 1),
            Fixture.stub(#"{"request": {"method": "GET", "path": "/api/v1/orders", "params": {"status": "open", "page": "2"}}}"#, id: 2),
            Fixture.stub(#"{"request": {"method": "POST", "path": "/api/v1/orders"}}"#, id: 3),
            Fixture.stub(#"{"request": {"method": "GET", "path": "/api/v1/users/{id}"}}"#, id: 4),
            Fixture.stub(#"{"request": {"method": "GET", "path": "/api/v2/other"}}"#, id: 5),
        ]
        let misses = StubMatcher(stubs: stubs).misses(MockRequest(method: "GET", path: "/api/v1/orders", query: [("status", "open"), ("page", "1")]),
                                                      scenarios: scenarios)
        #expect(misses.map(\.stubID) == [2, 1, 3])
        #expect(misses.map(\.failure) == ["param 'page' was '1', the stub wants '2'", "param 'status' was 'open', the stub wants 'paid'",
                                          "method was GET, the stub wants POST"])
        #expect(misses[0].description == "stub 2 (GET /api/v1/orders): param 'page' was '1', the stub wants '2'")
    }

    @Test("a stub that requires a scenario state answers only in that state")
    func scenarioCondition() throws {
        let stub = try Fixture.stub(#"{"scenario": {"name": "orders", "state": "ordered"}, "request": {"method": "GET", "path": "/api/v1/orders"}}"#)
        let matcher = StubMatcher(stubs: [stub])
        let request = MockRequest(method: "GET", path: "/api/v1/orders")
        #expect(matcher.misses(request, scenarios: scenarios).first?.failure == "scenario 'orders' is in state 'Started', the stub wants 'ordered'")
        try scenarios.set("orders", to: "ordered")
        #expect(matcher.match(request, scenarios: scenarios).stubID == 1)
    }

    @Test("a regular expression is bounded: long patterns, back-references and huge repeats are refused; long subjects never match")
    func regexBounds() throws {
        #expect(throws: DefinitionError.self) { try BoundedRegex(String(repeating: "a", count: 257)) }
        #expect(throws: DefinitionError.self) { try BoundedRegex("(a)\\1") }
        #expect(throws: DefinitionError.self) { try BoundedRegex("a{1000}") }
        #expect(throws: DefinitionError.self) { try BoundedRegex("(unclosed") }
        let regex = try BoundedRegex("^a+$")
        #expect(regex.matches("aaa"))
        #expect(!regex.matches(String(repeating: "a", count: BoundedRegex.maxSubjectBytes + 1)))
    }
}
