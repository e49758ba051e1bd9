@testable import Backend
import HTTP
import JSON
import Signing
import Store
import System
import Testing
import Transport

/// The journal entry `JournalEntryBuilder` stores, and its JSON byte for byte: what the admin API
/// shows.
@Suite struct JournalEntryBuilderTests {
    let builder = JournalEntryBuilder(policy: SigningPolicy(), secrets: ["dev-secret-please-change"])

    private func record(_ request: HTTPRequest, verdict: JournalVerdict = .valid, httpStatus: Int? = 200, code: Int? = 0,
                        diagnosis: SignatureDiagnosis? = nil, latency: Double, clientSubject: String? = nil,
                        answer: JournalAnswer? = nil) -> JournalRecord {
        JournalRecord(request: request, requestID: "req-0001", timeMilliseconds: 1_767_225_600_123, verdict: verdict,
                      httpStatus: httpStatus, code: code, diagnosis: diagnosis, latencyMilliseconds: latency,
                      answeredAt: Instant(nanoseconds: 5), clientSubject: clientSubject, answer: answer)
    }

    /// A signed check-in: the token shortened, unsigned headers left out, the latency in thousandths.
    @Test func checkinEntry() throws {
        let request = HTTPRequest(method: "GET", target: "/api/v1/checkin", headers: HTTPHeaders([
            ("Host", "localhost"), ("X-API-VERSION", "1.0"), ("Authorization", "Bearer abcdef0123456789abcdef0123456789"),
            ("X-SIGNATURE", "c2lnbmF0dXJl")]))
        let row = try #require(builder.rows(for: [record(request, latency: 0.0417)]).first)
        let entry = Array(row.entry)
        let json = JournalEntry.json(stored: entry)
        let expected = #"{"request_id":"req-0001","time_ms":1767225600123,"method":"GET","path":"/api/v1/checkin","protocol":"http/1.1","#
            + #""headers":{"X-API-VERSION":"1.0","Authorization":"Bearer abcdef01…"},"#
            + #""header_names":["Host","X-API-VERSION","Authorization","X-SIGNATURE"],"params":{},"verdict":"valid","#
            + #""diagnosis":null,"http_status":200,"code":0,"latency_ms":0.042,"client_subject":null}"#
        #expect(String(decoding: json, as: UTF8.self) == expected)
        #expect((row.timeMilliseconds, row.method, row.path, row.verdict) == (1_767_225_600_123, "GET", "/api/v1/checkin", "valid"))
        #expect(entry.first == JournalEntry.compactFormat)
        #expect(entry.count < json.count / 2, "the stored form is compact: \(entry.count) of \(json.count) bytes")
    }

    /// Non-ASCII and escaped text in the path, headers and parameters; secrets, passwords and
    /// tokens hidden everywhere; a long value cut; a diagnosis; no status or code.
    @Test func hostileEntry() throws {
        let long = String(repeating: "é", count: 2100) + "x"
        let body = "password=hunter2&note=\(long)&name=Zoë%22q&empty=&token=tok"
        let request = HTTPRequest(
            method: "POST", target: "/api/v1/ünï\"?a=1&secret=s3cr3t&b=dev-secret-please-change",
            headers: HTTPHeaders([
                ("Content-Type", "application/x-www-form-urlencoded"), ("x-api-version", "2\"\\\u{1}\t设备"),
                ("Authorization", "Bearer 短"), ("X-DEVICE-ID", "hunter2 dev-secret-please-change ünï")]),
            body: Array(body.utf8))
        let diagnosis = SignatureDiagnosis(canonical: "POST&hunter2", keys: ["k1", "s3cr3t"], received: "sig dev-secret-please-change",
                                           likelyCause: .unknown, detail: "bad \"q\" ünï", clientCanonical: "GET&hunter2",
                                           expected: "0A1B")
        let hostile = record(request, verdict: .invalid, httpStatus: nil, code: nil, diagnosis: diagnosis, latency: 12345.6785,
                             clientSubject: "CN=Zoë \"x\"")
        let plain = record(HTTPRequest(method: "GET", target: "/api/v1/ping"), latency: 1)
        // A batch's rows share one buffer, each its own part of it: the same entries as batches of one.
        let rows = builder.rows(for: [plain, hostile, plain])
        try #require(rows.count == 3)
        #expect(rows.map { Array($0.entry) } == [plain, hostile, plain].map(builder.storedEntry(for:)))
        let row = rows[1]
        let entry = Array(row.entry)
        let expected = #"{"request_id":"req-0001","time_ms":1767225600123,"method":"POST","path":"/api/v1/ünï\"","protocol":"http/1.1","#
            + #""headers":{"X-API-VERSION":"2\"\\\u0001\t设备","Authorization":"Bearer …","X-DEVICE-ID":"*** <secret> ünï"},"#
            + #""header_names":["Content-Type","x-api-version","Authorization","X-DEVICE-ID"],"#
            + #""content_type":"application/x-www-form-urlencoded","#
            + #""params":{"a":"1","secret":"***","b":"<secret>","password":"***","note":""#
            + String(repeating: "é", count: 2048) + #"…(4201 bytes)","name":"Zoë\"q","empty":"","token":"***"},"#
            + #""verdict":"invalid","diagnosis":{"canonical":"POST&***","keys":["k1","***"],"received":"sig <secret>","#
            + #""likely_cause":"unknown","detail":"bad \"q\" ünï","client_canonical":"GET&***","expected":"0A1B"},"#
            + #""http_status":null,"code":null,"#
            + #""latency_ms":12345.679,"client_subject":"CN=Zoë \"x\""}"#
        #expect(String(decoding: JournalEntry.json(stored: entry), as: UTF8.self) == expected)
        let stored = String(decoding: entry, as: UTF8.self)
        for secret in ["hunter2", "s3cr3t", "dev-secret-please-change", "短", "tok\u{1}"] {
            #expect(!stored.contains(secret), "\(secret) is hidden before the entry is stored")
        }
        #expect((row.method, row.path, row.verdict) == ("POST", "/api/v1/ünï\"", "invalid"))
    }

    /// A mis-signed request with a megabyte of parameters: its parameters and its diagnosis (whose
    /// canonical string holds every value) are cut, and the entry stays small.
    @Test func aMegabyteRequestMakesASmallEntry() throws {
        let note = String(repeating: "n", count: 1_000_000)
        let many = (0..<4000).map { "k\($0)=v" }.joined(separator: "&")
        let body = "password=hunter2&note=\(note)&\(many)"
        let request = HTTPRequest(method: "POST", target: "/api/v1/checkin",
                                  headers: HTTPHeaders([("Content-Type", "application/x-www-form-urlencoded")]), body: Array(body.utf8))
        let canonical = String(repeating: "c", count: 4090) + "hunter2" + note
        let diagnosis = SignatureDiagnosis(canonical: canonical, keys: (0..<4002).map { "key number \($0)" }, received: "sig",
                                           likelyCause: .unknown, detail: "d")
        let stored = builder.storedEntry(for: record(request, verdict: .invalid, httpStatus: 403, code: 10003, diagnosis: diagnosis, latency: 1))
        #expect(stored.count < 48 << 10, "\(stored.count) bytes")
        let entry = try JSONParser.parse(JournalEntry.json(stored: stored))
        #expect(entry["params"]?["note"]?.stringValue == String(repeating: "n", count: 4096) + "…(1000000 bytes)")
        #expect(entry["params"]?["…"]?.stringValue?.hasPrefix("…(") == true, "the parameters that did not fit are counted")
        let shown = try #require(entry["diagnosis"]?["canonical"]?.stringValue)
        #expect(shown == String(repeating: "c", count: 4090) + "***nnn…(1004093 bytes)",
                "the password is hidden before the cut, so no part of it is left")
        #expect(entry["diagnosis"]?["keys"]?.arrayValue?.last?.stringValue?.hasSuffix(" more)") == true)
        #expect(entry["diagnosis"]?["detail"] == "d", "what comes after the cut keys is kept")
    }

    /// Every field survives the compact form, present or absent.
    @Test func theCompactFormKeepsEveryField() {
        let full = JournalEntry(
            requestID: "r", timeMilliseconds: -1_767_225_600_123, method: "POST", path: "/api/v1/é", protocolName: "h2",
            headers: [.init(name: "X-API-VERSION", value: ""), .init(name: "Authorization", value: "Bearer ab…")],
            headerNames: ["x-api-version", "authorization"], parameters: Array(#"{"a":"1"}"#.utf8), verdict: "invalid",
            numericArrays: ["ids"], nearMisses: Array(#"["GET /x"]"#.utf8), diagnosis: Array("{}".utf8), httpStatus: 403,
            code: Int64.min, latencyMilliseconds: 0.1, clientSubject: "CN=a", proxied: Array(#"{"status":200}"#.utf8),
            contentType: "application/json", answer: Array(#"{"bytes":2}"#.utf8))
        let empty = JournalEntry(
            requestID: "", timeMilliseconds: Int64.max, method: "", path: "", protocolName: "", headers: [], headerNames: [],
            parameters: [], verdict: "", numericArrays: [], nearMisses: nil, diagnosis: nil, httpStatus: nil, code: nil,
            latencyMilliseconds: -0.0, clientSubject: nil, proxied: nil, contentType: nil, answer: nil)
        for entry in [full, empty] {
            #expect(JournalEntry(stored: entry.encoded()) == entry)
        }
        let encoded = full.encoded()
        for length in 0..<encoded.count {
            #expect(JournalEntry(stored: Array(encoded.prefix(length))) == nil, "cut at \(length) bytes")
        }
        #expect(JournalEntry(stored: encoded + [0]) == nil, "a byte too many")
    }

    /// A count written after its elements takes the byte kept for it, or more bytes moved in front
    /// of them from 128 on.
    @Test func aCountWrittenAfterItsElementsReadsBackAtAnySize() {
        for count in [0, 1, 127, 128, 300, 20_000] {
            let entry = JournalEntry(
                requestID: "r", timeMilliseconds: 1, method: "GET", path: "/", protocolName: "http/1.1",
                headers: (0..<count).map { .init(name: "X-\($0)", value: "v\($0)") }, headerNames: [], parameters: [],
                verdict: "valid", numericArrays: [], nearMisses: nil, diagnosis: nil, httpStatus: 200, code: 0,
                latencyMilliseconds: 1, clientSubject: nil, proxied: nil, contentType: nil, answer: nil)
            #expect(JournalEntry(stored: entry.encoded()) == entry, "\(count) headers")
        }
    }

    /// An entry stored as JSON text before the compact form is shown as it is; an unreadable one
    /// says so instead of failing the listing.
    @Test func olderAndUnreadableEntriesStillList() {
        let older = Array(#"{"request_id":"old"}"#.utf8)
        #expect(JournalEntry.json(stored: older) == older)
        #expect(String(decoding: JournalEntry.json(stored: [JournalEntry.compactFormat, 0x85]), as: UTF8.self)
                == #"{"error":"unreadable journal entry"}"#)
    }

    /// The answer an entry keeps: a JSON answer as JSON with every secret masked (sensitive member
    /// names, the request's password and token echoed, the app's secret), a text answer as text, a
    /// body over the limit or not text left out with its size; no answer member without an answer.
    @Test func anEntryKeepsTheAnswerWithItsSecretsMasked() throws {
        let token = "abcdef0123456789abcdef0123456789"
        let request = HTTPRequest(method: "POST", target: "/api/v1/users/login", headers: HTTPHeaders([
            ("Content-Type", "application/x-www-form-urlencoded"), ("Authorization", "Bearer \(token)")]),
            body: Array("phone=13800000000&password=hunter2-long".utf8))
        let body = #"{"code":0,"message":"hi hunter2-long","data":{"token":"t-0987654321","echo":"\#(token)","#
            + #""note":"dev-secret-please-change","n":[1,true,null]}}"#
        let answer = HTTPResponse(status: .ok, headers: ["Content-Type": "application/json; charset=utf-8"], body: Array(body.utf8))
        func entry(_ response: HTTPResponse, keeping limit: Int = 1024) throws -> JSONValue {
            let record = self.record(request, latency: 1, answer: JournalAnswer(response, keeping: limit))
            return try JSONParser.parse(JournalEntry.json(stored: builder.storedEntry(for: record)))
        }
        #expect(try entry(answer)["answer"] == [
            "content_type": "application/json; charset=utf-8", "bytes": .number(JSONNumber(body.utf8.count)),
            "body": ["code": 0, "message": "hi ***", "data": ["token": "***", "echo": "***", "note": "<secret>", "n": [1, true, .null]]],
        ])
        #expect(try entry(answer, keeping: body.utf8.count - 1)["answer"] == [
            "content_type": "application/json; charset=utf-8", "bytes": .number(JSONNumber(body.utf8.count)),
            "omitted": "larger than --journal-answer-bytes",
        ])
        let text = HTTPResponse(status: .ok, headers: ["Content-Type": "text/plain"], body: Array("token \(token) ünï".utf8))
        #expect(try entry(text)["answer"]?["body"] == "token *** ünï")
        let binary = HTTPResponse(status: .ok, body: [0xFF, 0xFE, 0x00])
        #expect(try entry(binary)["answer"] == ["content_type": .null, "bytes": 3, "omitted": "not text"])
        #expect(try JSONParser.parse(JournalEntry.json(stored: builder.storedEntry(for: record(request, latency: 1))))["answer"] == nil)
    }
}

private extension JournalEntry {
    /// The entry in its stored form, written as the journal's writer writes a request's.
    func encoded() -> [UInt8] {
        var writer = CompactWriter(capacity: 128 + path.utf8.count + parameters.count + (diagnosis?.count ?? 0))
        writer.entry(
            requestID: requestID, timeMilliseconds: timeMilliseconds, method: method, path: path, protocolName: protocolName,
            headers: { writer in
                writer.countAfterwards { writer in
                    for header in headers {
                        writer.text(header.name)
                        writer.text(header.value)
                    }
                    return headers.count
                }
            },
            headerNames: { $0.texts(headerNames) }, parameters: parameters, verdict: verdict, numericArrays: numericArrays,
            nearMisses: nearMisses, diagnosis: diagnosis, httpStatus: httpStatus, code: code,
            latencyMilliseconds: latencyMilliseconds, clientSubject: clientSubject, proxied: proxied,
            contentType: contentType, answer: answer)
        return writer.bytes
    }
}

extension JournalEntryBuilder {
    /// The entry the journal's writer stores for `record` (in a batch of one).
    func storedEntry(for record: JournalRecord) -> [UInt8] {
        rows(for: [record]).first.map { Array($0.entry) } ?? []
    }
}
