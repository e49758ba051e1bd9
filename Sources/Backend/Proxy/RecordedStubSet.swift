import JSON
import Mocking

/// The stubs one recording has made, live (`StubRecorder`) or from the journal (`JournalRecording`):
/// a request (method, templated path, matched parameters) seen again with the answer it last had
/// adds nothing; a different answer makes its stubs a scenario (`Started`, `2`, `3`, …, each moving
/// to the next, the last staying), one file per state. An exchange with a built-in endpoint (which
/// a stub could never answer) or whose answer is not an envelope is counted, not written.
struct RecordedStubSet: Sendable {
    /// Why an exchange was not written (the summary's `skipped` counts).
    enum Skip: String, Error {
        case builtInEndpoint = "built_in_endpoint"
        case notAnEnvelope = "not_an_envelope"
        /// From the journal: the entry was not answered by the upstream.
        case notProxied = "not_proxied"
        /// From the journal: the entry keeps no answer body (`--journal-answer-bytes`).
        case answerNotKept = "answer_not_kept"
        /// From the journal: a fault changed the upstream's answer.
        case changedByFault = "changed_by_a_fault"
    }

    private let routes: RoutingTable
    /// The answers recorded for each request, in order, and the file stem they are written under.
    private var written: [String: (stem: String, answers: [RecordedStub])] = [:]
    /// Exchanges not written, by reason.
    private var skipped: [String: Int] = [:]
    /// Answers that differed from the one before them (scenario states beyond the first).
    private var varied = 0

    /// An empty set; exchanges whose method and path `routes` finds are not written.
    init(routes: RoutingTable) {
        self.routes = routes
    }

    /// Adds the stub `make` makes of an exchange of `method` `path` (or counts why there is none);
    /// returns the files to write: none, the new stub, or the two last states of its scenario.
    mutating func add(_ method: String, _ path: String, _ make: () throws(Skip) -> RecordedStub) -> [(name: String, definition: JSONValue)] {
        let stub: RecordedStub
        do throws(Skip) {
            if case .found = routes.match(method, path).lookup { throw .builtInEndpoint }
            stub = try make()
        } catch {
            skipped[error.rawValue, default: 0] += 1
            return []
        }
        let key = JSONWriter.serialize(stub.request)
        var entry = written[key] ?? (stem: Self.uniqueStem(stub.stem, among: written.values.map(\.stem)), answers: [])
        if let last = entry.answers.last {
            guard last.response != stub.response else { return [] }
            varied += 1
        }
        entry.answers.append(stub)
        written[key] = entry
        return Self.files(entry.stem, entry.answers)
    }

    /// A stub file's text: `definition`, pretty, and a final newline.
    static func fileText(_ definition: JSONValue) -> [UInt8] {
        Array((JSONWriter.serialize(definition, pretty: true) + "\n").utf8)
    }

    /// `{"folder", "written", "varied", "skipped": {reason: count}}`.
    func summary(folder: String) -> JSONValue {
        .object(JSONObject([
            ("folder", .string(folder)), ("written", .number(JSONNumber(written.count))), ("varied", .number(JSONNumber(varied))),
            ("skipped", .object(JSONObject(skipped.sorted { $0.key < $1.key }.map { ($0.key, .number(JSONNumber($0.value))) }))),
        ]))
    }

    /// `stem`, or `stem_2`, `stem_3`… when another request (other parameters) already has it.
    private static func uniqueStem(_ stem: String, among taken: [String]) -> String {
        var candidate = stem, number = 1
        while taken.contains(candidate) {
            number += 1
            candidate = "\(stem)_\(number)"
        }
        return candidate
    }

    /// The files of one request's answers: one stub, or a scenario named after the stem with one
    /// file per state (`stem.json` for `Started`, `stem.2.json`, …; each changed file rewritten).
    private static func files(_ stem: String, _ answers: [RecordedStub]) -> [(name: String, definition: JSONValue)] {
        guard answers.count > 1 else { return answers.map { (stem + ".json", $0.definition()) } }
        func state(_ index: Int) -> String { index == 0 ? ScenarioStore.initialState : String(index + 1) }
        let last = answers.count - 1
        // The two last states changed: the one before gained its next state, the last is new.
        return (max(0, last - 1)...last).map { index in
            (index == 0 ? stem + ".json" : "\(stem).\(index + 1).json",
             answers[index].definition(step: (name: stem, state: state(index), next: index < last ? state(index + 1) : nil)))
        }
    }
}
