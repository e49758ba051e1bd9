import Foundation
import HTTP
import JSON
import System
import Telemetry
import Testing
import TestSupport
@testable import Backend

/// Recording in memory: what a recorded stub holds, what it masks, and how repeated and varied
/// exchanges are written: templates, parameters, dedupe, scenarios.
@Suite struct StubRecorderTests {
    private func request(_ path: String, method: String = "GET", authorization: String? = nil) -> HTTPRequest {
        var headers: HTTPHeaders = ["X-API-VERSION": "1.0", "X-SIGNATURE": "c2lnbmF0dXJlLXZhbHVl"]
        if let authorization { headers.add(name: "Authorization", value: authorization) }
        return HTTPRequest(method: method, target: path, headers: headers)
    }

    private func envelope(_ json: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: HTTPStatus(code: status), body: Array(json.utf8))
    }

    @Test func aStubHoldsTheEnvelopeAndStatusWithSecretsMasked() throws {
        let token = "bearer-token-abcdef123456"
        let stub = try #require(RecordedStub(
            request: request("/api/v1/profile", authorization: "Bearer \(token)"),
            response: envelope(#"{"code": 0, "message": "ok for \#(token)", "data": {"name": "Li", "refresh_token": "r-1", "#
                + #""items": [{"password": "p"}, "echo \#(token)"]}, "request_id": "abc"}"#, status: 201)))
        #expect(stub.stem == "get_api_v1_profile")
        #expect(stub.definition() == [
            "request": ["method": "GET", "path": "/api/v1/profile"],
            "response": ["code": 0, "message": "ok for ***",
                         "data": ["name": "Li", "refresh_token": "***", "items": [["password": "***"], "echo ***"]], "http_status": 201],
        ])
        let text = JSONWriter.serialize(stub.definition())
        #expect(!text.contains("c2lnbmF0dXJlLXZhbHVl"))
        #expect(!text.contains("X-API-VERSION"))
    }

    @Test func anAnswerThatIsNotAnEnvelopeIsNotAStub() {
        #expect(RecordedStub(request: request("/api/v1/page"), response: envelope("<html></html>")) == nil)
        #expect(RecordedStub(request: request("/api/v1/page"), response: envelope(#"{"message": "no code"}"#)) == nil)
    }

    @Test func idSegmentsBecomeTemplatesAndOnlyMatchingParametersAreKept() throws {
        #expect(RecordedStub.template("/api/v1/orders/42/items/7") == "/api/v1/orders/{id}/items/{id2}")
        #expect(RecordedStub.template("/api/v1/users/3F2504E0-4F89-11D3-9A0C-0305E82C3301") == "/api/v1/users/{id}")
        #expect(RecordedStub.template("/api/v1/v2x/page1") == "/api/v1/v2x/page1")
        let stub = try #require(RecordedStub(
            request: request("/api/v1/orders/42?page=2"), response: envelope(#"{"code": 0, "data": null}"#),
            parameters: [("page", "2"), ("nonce", "n-1"), ("timestamp", "1700000000"), ("signature", "abc"),
                         ("access_token", "tok-123456789"), ("password", "hunter2")]))
        #expect(stub.request == ["method": "GET", "path": "/api/v1/orders/{id}", "params": ["page": "2"]])
    }

    @Test func repeatsAddNothingAndDifferentAnswersBecomeAScenario() throws {
        let folder = TemporaryDirectory("recorder")
        defer { folder.remove() }
        let recorder = StubRecorder(routes: RoutingTable.countersign(), logger: Logger(format: .text, sink: { _ in }))
        try recorder.start(folder: folder.path, filter: "/api/v1/orders*")
        recorder.record(request("/api/v1/orders/1"), envelope(#"{"code": 0, "data": {"id": 1}}"#), parameters: [])
        recorder.record(request("/api/v1/orders/1"), envelope(#"{"code": 0, "data": {"id": 1}}"#), parameters: [])
        recorder.record(request("/api/v1/orders/1"), envelope(#"{"code": 0, "data": {"id": 1, "state": "paid"}}"#), parameters: [])
        recorder.record(request("/api/v1/orders/1"), envelope(#"{"code": 0, "data": {"id": 1, "state": "sent"}}"#), parameters: [])
        recorder.record(request("/api/v1/orders/1", method: "POST"), envelope(#"{"code": 0, "data": null}"#), parameters: [])
        recorder.record(request("/api/v1/orders/2"), envelope("not json"), parameters: [])
        recorder.record(request("/api/v1/banner"), envelope(#"{"code": 0, "data": null}"#), parameters: [])
        recorder.record(request("/api/v1/orders"), envelope(#"{"code": 0, "data": []}"#), parameters: [("page", "1")])
        recorder.record(request("/api/v1/orders"), envelope(#"{"code": 0, "data": [1]}"#), parameters: [("page", "2")])
        let summary = try #require(recorder.stop())
        #expect(summary["written"] == 4)
        #expect(summary["varied"] == 2)
        #expect(summary["skipped"] == ["not_an_envelope": 1])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
            "get_api_v1_orders.json", "get_api_v1_orders_2.json", "get_api_v1_orders__id_.2.json",
            "get_api_v1_orders__id_.3.json", "get_api_v1_orders__id_.json", "post_api_v1_orders__id_.json",
        ])
        func stub(_ name: String) throws -> JSONValue { try JSONParser.parse(#require(FileSystem.read(folder.file(name)))) }
        let scenario = "get_api_v1_orders__id_"
        #expect(try stub("get_api_v1_orders__id_.json")["scenario"] == ["name": .string(scenario), "state": "Started", "next_state": "2"])
        #expect(try stub("get_api_v1_orders__id_.2.json")["scenario"] == ["name": .string(scenario), "state": "2", "next_state": "3"])
        #expect(try stub("get_api_v1_orders__id_.3.json")["scenario"] == ["name": .string(scenario), "state": "3"])
        #expect(try stub("get_api_v1_orders__id_.3.json")["response"]?["data"] == ["id": 1, "state": "sent"])
        #expect(try stub("get_api_v1_orders__id_.json")["request"] == ["method": "GET", "path": "/api/v1/orders/{id}"])
        #expect(try stub("post_api_v1_orders__id_.json")["scenario"] == nil)
        #expect(try stub("get_api_v1_orders_2.json")["request"]?["params"] == ["page": "2"])
        #expect(recorder.stop() == nil)
    }

    @Test func builtInEndpointsAreSkipped() throws {
        let folder = TemporaryDirectory("recorder")
        defer { folder.remove() }
        let recorder = StubRecorder(routes: RoutingTable.countersign(), logger: Logger(format: .text, sink: { _ in }))
        try recorder.start(folder: folder.path, filter: nil)
        recorder.record(request("/api/v1/games"), envelope(#"{"code": 0, "data": []}"#), parameters: [])
        #expect(recorder.stop()?["skipped"] == ["built_in_endpoint": 1])
    }
}
