import HTTP
import JSON
import Mocking
import System
import Telemetry

/// Recording (`POST /__admin/recordings/start`, `--record`): each exchange the proxy forwards,
/// when its path matches the filter, becomes a stub file in the folder. A request (method,
/// templated path, matched parameters) seen again with the answer it last had adds nothing; a
/// different answer makes its stubs a scenario (`Started`, `2`, `3`, …, each moving to the next,
/// the last staying), one file per state.
public final class StubRecorder: Sendable {
    /// What one recording has done so far.
    struct Session: Sendable {
        let folder: String
        let filter: PathPattern?
        /// The answers recorded for each request, in order, and the file stem they are written under.
        var written: [String: (stem: String, answers: [RecordedStub])] = [:]
        /// Exchanges not written, by reason.
        var skipped: [String: Int] = [:]
        /// Answers that differed from the one before them (scenario states beyond the first).
        var varied = 0

        var summary: JSONValue {
            .object(JSONObject([
                ("folder", .string(folder)), ("written", .number(JSONNumber(written.count))), ("varied", .number(JSONNumber(varied))),
                ("skipped", .object(JSONObject(skipped.sorted { $0.key < $1.key }.map { ($0.key, .number(JSONNumber($0.value))) }))),
            ]))
        }
    }

    private let session = LockedValue<Session?>(nil)
    private let routes: RoutingTable
    private let logger: Logger

    init(routes: RoutingTable, logger: Logger) {
        self.routes = routes
        self.logger = logger
    }

    /// Starts recording into `folder` (created when absent), the paths matching `filter` only when given.
    public func start(folder: String, filter: String?) throws(AdminError) {
        do {
            try FileSystem.createDirectories(folder)
        } catch {
            throw .badRequest("cannot create the recording folder: \(error)")
        }
        let started = session.withLock { session in
            guard session == nil else { return false }
            session = Session(folder: folder, filter: filter.map(PathPattern.init))
            return true
        }
        guard started else { throw .conflict("a recording is already running; stop it first") }
    }

    /// Stops recording; what it wrote, or nil when none was running.
    func stop() -> JSONValue? {
        session.withLock { session in
            defer { session = nil }
            return session?.summary
        }
    }

    /// What the running recording has done; nil when none runs.
    var current: JSONValue? { session.withLock { $0?.summary } }

    /// Records the upstream's `response` to `request` (as received from the app, its query and
    /// form `parameters`) when a recording runs.
    func record(_ request: HTTPRequest, _ response: HTTPResponse, parameters: [(name: String, value: String)]) {
        let write: (files: [(String, JSONValue)], folder: String)? = session.withLock { session in
            guard var current = session else { return nil }
            defer { session = current }
            if let filter = current.filter, !filter.matches(request.path) { return nil }
            if case .found = routes.match(request.method, request.path).lookup {
                current.skipped["built_in_endpoint", default: 0] += 1
                return nil
            }
            guard let stub = RecordedStub(request: request, response: response, parameters: parameters) else {
                current.skipped["not_an_envelope", default: 0] += 1
                return nil
            }
            let key = JSONWriter.serialize(stub.request)
            var entry = current.written[key] ?? (stem: Self.uniqueStem(stub.stem, among: current.written.values.map(\.stem)), answers: [])
            if let last = entry.answers.last {
                guard last.response != stub.response else { return nil }
                current.varied += 1
            }
            entry.answers.append(stub)
            current.written[key] = entry
            return (Self.files(entry.stem, entry.answers), current.folder)
        }
        guard let (files, folder) = write else { return }
        for (name, definition) in files {
            let path = folder + "/" + name
            do {
                try FileSystem.writeAtomically(Array((JSONWriter.serialize(definition, pretty: true) + "\n").utf8), to: path)
            } catch {
                logger.log(.warning, "cannot write a recorded stub", [("path", .text(path)), ("reason", .text(error.description))])
            }
        }
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
    private static func files(_ stem: String, _ answers: [RecordedStub]) -> [(String, JSONValue)] {
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
