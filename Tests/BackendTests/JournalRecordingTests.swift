@testable import Backend
import HTTP
import JSON
import Signing
import System
import Testing

/// `countersign record --from journal` in memory: journal entries, written by the journal's own
/// builder, made into stub files as a live recording makes them.
@Suite struct JournalRecordingTests {
    private let builder = JournalEntryBuilder(policy: SigningPolicy(), secrets: ["dev-secret-please-change"])
    private let token = "abcdef0123456789abcdef0123456789"

    /// The entry the journal stores for `request` answered `body` (upstream status `upstream`, nil:
    /// answered locally; sent status `status`), keeping answers of at most `keeping` bytes.
    private func entry(_ method: String, _ target: String, contentType: String = "application/x-www-form-urlencoded", body: String = "",
                       answer: String, upstream: Int? = 200, status: Int = 200, keeping: Int = 1024) -> [UInt8] {
        let request = HTTPRequest(method: method, target: target, headers: HTTPHeaders([
            ("Content-Type", contentType), ("Authorization", "Bearer \(token)"), ("X-SIGNATURE", "c2ln")]), body: Array(body.utf8))
        let record = JournalRecord(
            request: request, requestID: "r", timeMilliseconds: 1, verdict: .valid, httpStatus: status, code: 0, diagnosis: nil,
            latencyMilliseconds: 1, answeredAt: Instant(nanoseconds: 1), clientSubject: nil,
            proxied: upstream.map { ProxiedExchange(result: .answered(status: $0), upstreamMilliseconds: 3) },
            answer: JournalAnswer(HTTPResponse(status: HTTPStatus(code: status), headers: ["Content-Type": "application/json"],
                                               body: Array(answer.utf8)), keeping: keeping))
        return builder.storedEntry(for: record)
    }

    @Test func proxiedEntriesBecomeStubsRepeatsOnceChangesAScenarioAndNoSecrets() throws {
        var recording = JournalRecording()
        let order = #"{"code":0,"message":"ok","data":{"id":42,"access_token":"up-secret-0123456789","echo":"\#(token)"}}"#
        let paid = #"{"code":0,"message":"ok","data":{"id":42,"state":"paid"}}"#
        for entry in [
            entry("GET", "/api/v1/orders/42?page=2&nonce=n1&timestamp=17&password=hunter2", answer: order),
            entry("GET", "/api/v1/orders/42?page=2&nonce=n2&timestamp=18&password=hunter2", answer: order),
            entry("GET", "/api/v1/orders/42?page=2&nonce=n3&timestamp=19&password=hunter2", answer: paid),
            entry("POST", "/api/v1/orders", contentType: "application/json", body: #"{"item":"book","count":2}"#,
                  answer: #"{"code":0,"data":{"id":7}}"#),
            entry("GET", "/api/v1/banner", answer: #"{"code":0,"data":null}"#, upstream: nil),
            entry("GET", "/api/v1/large", answer: #"{"code":0,"data":"a long answer"}"#, keeping: 8),
            entry("GET", "/api/v1/faulted", answer: #"{"code":10500,"data":null}"#, upstream: 200, status: 500),
            entry("GET", "/api/v1/games", answer: #"{"code":0,"data":[]}"#),
            entry("GET", "/api/v1/page", answer: "<html></html>"),
        ] {
            recording.add(stored: entry)
        }
        #expect(recording.summary(folder: "out") == [
            "folder": "out", "written": 2, "varied": 1,
            "skipped": ["answer_not_kept": 1, "built_in_endpoint": 1, "changed_by_a_fault": 1, "not_an_envelope": 1, "not_proxied": 1],
        ])
        let files = Dictionary(uniqueKeysWithValues: try recording.files.map { ($0.name, try JSONParser.parse($0.text)) })
        #expect(files.keys.sorted() == ["get_api_v1_orders__id_.2.json", "get_api_v1_orders__id_.json", "post_api_v1_orders.json"])
        #expect(files["get_api_v1_orders__id_.json"] == [
            "request": ["method": "GET", "path": "/api/v1/orders/{id}", "params": ["page": "2"]],
            "response": ["code": 0, "message": "ok", "data": ["id": 42, "access_token": "***", "echo": "***"], "http_status": 200],
            "scenario": ["name": "get_api_v1_orders__id_", "state": "Started", "next_state": "2"],
        ])
        #expect(files["get_api_v1_orders__id_.2.json"]?["response"]?["data"] == ["id": 42, "state": "paid"])
        #expect(files["get_api_v1_orders__id_.2.json"]?["scenario"] == ["name": "get_api_v1_orders__id_", "state": "2"])
        // A JSON body's members are not matched on, as in a live recording.
        #expect(files["post_api_v1_orders.json"]?["request"] == ["method": "POST", "path": "/api/v1/orders"])
        let texts = recording.files.map { String(decoding: $0.text, as: UTF8.self) }.joined()
        for secret in [token, "up-secret-0123456789", "hunter2", "dev-secret-please-change", "c2ln"] {
            #expect(!texts.contains(secret), "\(secret) leaked into a stub")
        }
    }

    @Test func anEntryThatIsNotJSONOrNotAnEntryIsSkipped() {
        var recording = JournalRecording()
        recording.add(stored: Array("not json".utf8))
        recording.add(stored: Array("{}".utf8))
        recording.add(stored: [JournalEntry.compactFormat])
        #expect(recording.files.isEmpty)
        #expect(recording.summary(folder: "f")["skipped"] == ["not_proxied": 3])
    }
}
