import JSON
@testable import Mocking
import Testing

@Suite("Stub definitions")
struct DefinitionTests {
    @Test("the flat form of the stubs before matching still reads: method, path, code, message, data, http_status")
    func flatForm() throws {
        let stub = try Fixture.stub(#"{"method": "post", "path": "/api/v1/orders", "auth": true, "code": 30001, "message": "Sold out", "data": {"a": 1}, "http_status": 409, "times": 2, "delay_ms": 10}"#)
        #expect(stub.method == "POST" && stub.requiresLogin && stub.times == 2 && stub.delayMilliseconds == 10)
        let answer = try Fixture.answer(stub, MockRequest(method: "POST", path: "/api/v1/orders"))
        #expect(answer == StubAnswer(code: 30001, message: "Sold out", data: ["a": 1], httpStatus: 409))
    }

    @Test("a malformed definition is refused with the field and the rule", arguments: [
        (#"[]"#, "stub", "must be a JSON object"),
        (#"{"path": "/api/v1/a"}"#, "method", "is required"),
        (#"{"method": "GET"}"#, "path", "is required"),
        (#"{"method": "G T", "path": "/api/v1/a"}"#, "method", "HTTP method"),
        (#"{"method": "GET", "path": "/other"}"#, "path", "must start with /api/"),
        (#"{"method": "GET", "path": "/api/v1/a", "priorty": 1}"#, "priorty", "is not a known field"),
        (#"{"method": "GET", "path": "/api/v1/a", "priority": 0}"#, "priority", "from 1 to 1000"),
        (#"{"method": "GET", "path": "/api/v1/a", "auth": "yes"}"#, "auth", "true or false"),
        (#"{"request": {"method": "GET", "path": "/api/v1/a"}, "code": 1}"#, "code", "belongs in 'request' or 'response'"),
        (#"{"request": {"method": "GET", "path": "/api/v1/a", "params": {"a": {"equals": 1, "absent": true}}}}"#, "request.params.a", "exactly one of"),
        (#"{"request": {"method": "GET", "path": "/api/v1/a", "params": {"a": {"matches": "(x"}}}}"#, "request.params.a.matches", "POSIX extended regular expression"),
        (#"{"request": {"method": "GET", "path": "/api/v1/a", "params": {"a": {"absent": false}}}}"#, "request.params.a.absent", "must be true"),
        (#"{"request": {"method": "GET", "path": "/api/v1/a", "params": {"a": null}}}"#, "request.params.a", "not null"),
        (#"{"request": {"method": "GET", "path": "/api/v1/a", "body": {"items/0": 1}}}"#, "request.body.items/0", "JSON Pointer"),
        (#"{"request": {"method": "GET", "path": "/api/v1/a", "body": {"/a~2": 1}}}"#, "request.body./a~2", "'~' not followed by 0 or 1"),
        (#"{"request": {"method": "GET", "path": "/api/v1/a", "headers": {"X": {"present": true}}, "query": {}}}"#, "request.query", "is not a known field"),
        (#"{"request": {"method": "GET", "path": "/api/v1/a"}, "response": {"headers": {"Bad Name": "x"}}}"#, "response.headers.Bad Name", "valid header name"),
        (#"{"request": {"method": "GET", "path": "/api/v1/{id"}}"#, "request.path", "whole segment"),
        (#"{"method": "GET", "path": "/api/v1/a", "seed": -1}"#, "seed", "whole number"),
    ])
    func malformed(definition: String, field: String, rule: String) {
        let error = Fixture.refusal(definition)
        #expect(error?.field == field, "\(String(describing: error))")
        #expect(error?.rule.contains(rule) == true, "\(String(describing: error))")
    }

    @Test("JSON Pointers follow RFC 6901: escapes, array indexes, the whole document")
    func pointers() throws {
        let document: JSONValue = ["a/b": ["m~n": [10, 20]], "": 1]
        #expect(try JSONPointer("/a~1b/m~0n/1").resolve(in: document) == 20)
        #expect(try JSONPointer("/a~1b/m~0n/01").resolve(in: document) == nil)
        #expect(try JSONPointer("/").resolve(in: document) == 1)
        #expect(try JSONPointer("").resolve(in: document) == document)
        #expect(try JSONPointer("#/a~1b").resolve(in: document) == ["m~n": [10, 20]])
        #expect(try JSONPointer("#/paths/~1pet~1%7BpetId%7D").tokens == ["paths", "/pet/{petId}"])
        #expect(JSONPointer(tokens: ["paths", "/pet", "get"]).description == "#/paths/~1pet/get")
    }
}

@Suite("Envelope dialect")
struct EnvelopeDialectTests {
    @Test("the errcode/errmsg team: its key names, its success and not-logged-in codes, always 200")
    func errcodeTeam() throws {
        let dialect = try EnvelopeDialect(JSONParser.parse(Array(#"{"code_key": "errcode", "message_key": "errmsg", "data_key": "result", "success_code": 200, "not_logged_in_code": 40001, "http_status": "always-200"}"#.utf8)))
        #expect(dialect.code(for: 0) == 200 && dialect.code(for: 20104) == 40001 && dialect.code(for: 10005) == 10005)
        #expect(dialect.statusPolicy == .always200)
        #expect(dialect.envelope(code: 40001, message: "login", data: nil, requestID: "r1") == ["errcode": 40001, "errmsg": "login", "result": nil, "request_id": "r1"])
        #expect(EnvelopeDialect.standard.envelope(code: 0, message: "ok", data: 1, requestID: nil) == ["code": 0, "message": "ok", "data": 1])
    }

    @Test("a malformed dialect is refused with the field and the rule", arguments: [
        (#"{"code_key": ""}"#, "code_key", "1 to 64 bytes"),
        (#"{"code_key": "x", "data_key": "x"}"#, "data_key", "must differ"),
        (#"{"message_key": "request_id"}"#, "message_key", "request_id"),
        (#"{"success_code": 1, "not_logged_in_code": 1}"#, "not_logged_in_code", "must differ from success_code"),
        (#"{"http_status": "sometimes"}"#, "http_status", "semantic, always-200"),
        (#"{"succes_code": 1}"#, "succes_code", "is not a known field"),
        (#"{"success_code": "0"}"#, "success_code", "whole number"),
    ])
    func malformed(json: String, field: String, rule: String) {
        do {
            _ = try EnvelopeDialect(JSONParser.parse(Array(json.utf8)))
            Issue.record("accepted \(json)")
        } catch let error as DefinitionError {
            #expect(error.field == field && error.rule.contains(rule), "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }
}
