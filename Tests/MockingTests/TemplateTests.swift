import JSON
@testable import Mocking
import Testing

@Suite("Templates")
struct TemplateTests {
    let request = MockRequest(method: "GET", path: "/api/v1/orders/42", query: [("page", "3")], jsonBody: ["order": ["sku": "A1"]],
                              headers: [("X-Client", "ios/17")])

    private func render(_ data: String, seed: Int = 7, user: [String: JSONValue]? = nil) throws -> StubAnswer {
        let stub = try Fixture.stub(#"{"seed": \#(seed), "request": {"method": "GET", "path": "/api/v1/orders/{id}"}, "response": {"data": \#(data)}}"#)
        return try Fixture.answer(stub, request, parameters: ["id": "42"], user: user)
    }

    @Test("path parameters, request parameters, headers and body members")
    func requestValues() throws {
        let answer = try render(#"{"id": "{{path.id}}", "page": "{{param.page}}", "client": "{{header.x-client}}", "sku": "{{body/order/sku}}", "text": "order {{path.id}} page {{param.page}}"}"#)
        #expect(answer.data == ["id": "42", "page": "3", "client": "ios/17", "sku": "A1", "text": "order 42 page 3"])
    }

    @Test("a missing value is empty, or its fallback; '| number' makes a JSON number")
    func fallbacksAndNumbers() throws {
        let answer = try render(#"{"size": "{{param.size or 20}}", "sizeNumber": "{{param.size or 20 | number}}", "page": "{{param.page | number}}", "none": "{{param.none}}", "nan": "{{header.x-client | number}}"}"#)
        #expect(answer.data == ["size": "20", "sizeNumber": 20, "page": 3, "none": "", "nan": nil])
    }

    @Test("the user's fields, nothing without a login")
    func userFields() throws {
        let answer = try render(#"{"id": "{{user.id}}", "nickname": "{{user.nickname}}"}"#, user: ["id": 9, "nickname": "Mia"])
        #expect(answer.data == ["id": "9", "nickname": "Mia"])
        #expect(try render(#"{"id": "{{user.id}}"}"#).data == ["id": ""])
    }

    @Test("now in seconds and milliseconds, with offsets, as numbers when alone")
    func now() throws {
        let answer = try render(#"{"s": "{{now}}", "ms": "{{now.ms}}", "later": "{{now + 3600}}", "before": "{{now.ms - 1000}}", "text": "at {{now.s}}"}"#)
        #expect(answer.data == ["s": 1_767_225_600, "ms": 1_767_225_600_000, "later": 1_767_229_200, "before": 1_767_225_599_000, "text": "at 1767225600"])
    }

    @Test("the sequence counts the stub's answers from 1")
    func sequence() throws {
        let stub = try Fixture.stub(#"{"request": {"method": "GET", "path": "/api/v1/a"}, "response": {"data": {"n": "{{sequence}}", "next": "{{sequence + 1}}"}}}"#)
        let plain = MockRequest(method: "GET", path: "/api/v1/a")
        #expect(try Fixture.answer(stub, plain).data == ["n": 1, "next": 2])
        #expect(try Fixture.answer(stub, plain).data == ["n": 2, "next": 3])
    }

    @Test("random values and UUIDs are reproducible from the seed and differ between answers")
    func seededRandom() throws {
        let data = #"{"n": "{{random.int 1 6}}", "neg": "{{random.int -5 -1}}", "hex": "{{random.hex 12}}", "uuid": "{{uuid}}"}"#
        let first = try render(data, seed: 42), again = try render(data, seed: 42), other = try render(data, seed: 43)
        #expect(first.data == again.data)
        #expect(first.data != other.data)
        let n = try #require(first.data["n"]?.intValue), negative = try #require(first.data["neg"]?.intValue)
        #expect((1...6).contains(n) && (-5 ... -1).contains(negative))
        #expect(first.data["hex"]?.stringValue?.count == 12)
        let uuid = try #require(first.data["uuid"]?.stringValue)
        #expect(uuid.count == 36 && Array(uuid)[14] == "4", "\(uuid)")
        let stub = try Fixture.stub(#"{"seed": 42, "request": {"method": "GET", "path": "/api/v1/a"}, "response": {"data": "{{uuid}}"}}"#)
        let plain = MockRequest(method: "GET", path: "/api/v1/a")
        #expect(try Fixture.answer(stub, plain).data != Fixture.answer(stub, plain).data)
    }

    @Test("$repeat makes that many items, each with its index; it is bounded")
    func repeats() throws {
        let answer = try render(#"{"items": {"$repeat": "{{param.page}}", "item": {"id": "{{index + 1}}", "name": "item {{index}}"}}}"#)
        #expect(answer.data == ["items": [["id": 1, "name": "item 0"], ["id": 2, "name": "item 1"], ["id": 3, "name": "item 2"]]])
        #expect(throws: TemplateRenderError.self) { try render(#"{"$repeat": 1001, "item": 1}"#) }
        // 1000 × 1000 items of 2 KB would be 2 GB: the output bound stops it.
        let big = String(repeating: "x", count: 2000)
        #expect(throws: TemplateRenderError.self) {
            try render(#"{"$repeat": 1000, "item": {"$repeat": 1000, "item": "\#(big){{index}}"}}"#)
        }
    }

    @Test("code, message, headers and status are templates too")
    func otherFields() throws {
        let stub = try Fixture.stub("""
        {"request": {"method": "GET", "path": "/api/v1/orders/{id}"}, "response": {"code": "{{param.page}}", "message": "Order {{path.id}}",
         "http_status": "{{param.status or 201}}", "headers": {"X-Order": "{{path.id}}", "X-Evil": "{{param.evil}}"}}}
        """)
        let answer = try Fixture.answer(stub, MockRequest(method: "GET", path: "/api/v1/orders/42", query: [("page", "3"), ("evil", "a\r\nSet-Cookie: x")]),
                                        parameters: ["id": "42"])
        #expect(answer.code == 3 && answer.message == "Order 42" && answer.httpStatus == 201)
        #expect(answer.headers == [StubHeader(name: "X-Order", value: "42"), StubHeader(name: "X-Evil", value: "a")])
        let refused = #expect(throws: TemplateRenderError.self) {
            try Fixture.answer(stub, MockRequest(method: "GET", path: "/api/v1/orders/42", query: [("page", "x")]))
        }
        #expect(refused?.description == "'code' was 'x', not a whole number from -999999999 to 999999999")
    }

    @Test("a template error is reported when the stub is created, with the field and the position", arguments: [
        (#"{"data": {"items": [1, "{{uid}}"]}}"#, "response.data.items[1]", "unknown value 'uid' (at position 3)"),
        (#"{"data": "id {{path.id"}"#, "response.data", "has '{{' without '}}' at position 4"),
        (#"{"message": "{{user.password}}"}"#, "response.message", "unknown user field 'password'"),
        (#"{"data": "{{random.int 9 1}}"}"#, "response.data", "first number at most its second"),
        (#"{"data": "{{random.hex 100}}"}"#, "response.data", "draws 1 to 64 digits"),
        (#"{"data": "{{param.a + 1}}"}"#, "response.data", "offset only to now"),
        (#"{"data": "{{now | upper}}"}"#, "response.data", "only the conversion '| number'"),
        (#"{"data": "{{ }}"}"#, "response.data", "empty expression"),
        (#"{"data": "{{'open}}"}"#, "response.data", "unterminated quote"),
        (#"{"headers": {"X-A": "{{now extra}}"}}"#, "response.headers.X-A", "unexpected 'extra'"),
        (#"{"code": "abc"}"#, "response.code", "or a template"),
        (#"{"http_status": 99}"#, "response.http_status", "from 200 to 599"),
        (#"{"data": {"$repeat": 3}}"#, "response.data.item", "is required with $repeat"),
        (#"{"data": "{{param.password}}"}"#, "response.data", "names 'password', a secret an answer must not echo"),
        (#"{"data": "{{body/user/api_token}}"}"#, "response.data", "a secret an answer must not echo"),
        (#"{"headers": {"X-Echo": "{{header.Authorization}}"}}"#, "response.headers.X-Echo", "a secret an answer must not echo"),
    ])
    func errorsAtCreation(response: String, field: String, rule: String) {
        let error = Fixture.refusal(#"{"request": {"method": "GET", "path": "/api/v1/a"}, "response": \#(response)}"#)
        #expect(error?.field == field, "\(String(describing: error))")
        #expect(error?.rule.contains(rule) == true, "\(String(describing: error))")
    }

    @Test("a quoted literal writes text a template would read: {{'{{'}} is {{")
    func literals() throws {
        #expect(try render(#""{{'{{'}}path.id}} is {{path.id}}""#).data == "{{path.id}} is 42")
        #expect(try render(#""{{7}}""#).data == "7")
    }

    @Test("a template is bounded in length")
    func templateBound() {
        let long = String(repeating: "a", count: TemplateLimits.maxTemplateBytes + 1)
        #expect(Fixture.refusal(#"{"method": "GET", "path": "/api/v1/a", "message": "\#(long)"}"#)?.rule.contains("a template's bound") == true)
    }
}
