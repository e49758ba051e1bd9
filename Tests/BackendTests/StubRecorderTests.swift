import Foundation
import HTTP
import JSON
import System
import Telemetry
import Testing
import TestSupport
@testable import Backend

/// Recording in memory: what a recorded stub holds, what it masks, and how repeated and varied
/// exchanges are counted.
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
        #expect(stub.fileName == "get_api_v1_profile.json")
        #expect(stub.definition == [
            "method": "GET", "path": "/api/v1/profile", "code": 0, "message": "ok for ***",
            "data": ["name": "Li", "refresh_token": "***", "items": [["password": "***"], "echo ***"]], "http_status": 201,
        ])
        let text = JSONWriter.serialize(stub.definition)
        #expect(!text.contains("c2lnbmF0dXJlLXZhbHVl"))
        #expect(!text.contains("X-API-VERSION"))
    }

    @Test func anAnswerThatIsNotAnEnvelopeIsNotAStub() {
        #expect(RecordedStub(request: request("/api/v1/page"), response: envelope("<html></html>")) == nil)
        #expect(RecordedStub(request: request("/api/v1/page"), response: envelope(#"{"message": "no code"}"#)) == nil)
    }

    @Test func repeatsAddNothingAndADifferentAnswerIsCountedNotWritten() throws {
        let folder = TemporaryDirectory("recorder")
        defer { folder.remove() }
        let recorder = StubRecorder(routes: RoutingTable.countersign(), logger: Logger(format: .text, sink: { _ in }))
        try recorder.start(folder: folder.path, filter: "/api/v1/orders*")
        recorder.record(request("/api/v1/orders/1"), envelope(#"{"code": 0, "data": {"id": 1}}"#))
        recorder.record(request("/api/v1/orders/1"), envelope(#"{"code": 0, "data": {"id": 1}}"#))
        recorder.record(request("/api/v1/orders/1"), envelope(#"{"code": 0, "data": {"id": 1, "state": "paid"}}"#))
        recorder.record(request("/api/v1/orders/1", method: "POST"), envelope(#"{"code": 0, "data": null}"#))
        recorder.record(request("/api/v1/orders/2"), envelope("not json"))
        recorder.record(request("/api/v1/banner"), envelope(#"{"code": 0, "data": null}"#))
        recorder.record(request("/api/v1/orders"), envelope(#"{"code": 0, "data": []}"#))
        let summary = try #require(recorder.stop())
        #expect(summary["written"] == 3)
        #expect(summary["varied"] == 1)
        #expect(summary["skipped"] == ["not_an_envelope": 1])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            == ["get_api_v1_orders.json", "get_api_v1_orders_1.json", "post_api_v1_orders_1.json"])
        let first = try #require(FileSystem.read(folder.file("get_api_v1_orders_1.json")))
        #expect(try JSONParser.parse(first)["data"] == ["id": 1])
        #expect(recorder.stop() == nil)
    }

    @Test func builtInEndpointsAreSkipped() throws {
        let folder = TemporaryDirectory("recorder")
        defer { folder.remove() }
        let recorder = StubRecorder(routes: RoutingTable.countersign(), logger: Logger(format: .text, sink: { _ in }))
        try recorder.start(folder: folder.path, filter: nil)
        recorder.record(request("/api/v1/games"), envelope(#"{"code": 0, "data": []}"#))
        #expect(recorder.stop()?["skipped"] == ["built_in_endpoint": 1])
    }
}
