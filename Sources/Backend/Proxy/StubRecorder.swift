import HTTP
import JSON
import System
import Telemetry

/// Recording (`POST /__admin/recordings/start`, `--record`): each exchange the proxy forwards,
/// when its path matches the filter, becomes a stub file in the folder. A request seen again with
/// the same answer adds nothing; with a different answer the first one is kept and the change
/// counted (today's stub format has no scenarios to hold a sequence of answers).
public final class StubRecorder: Sendable {
    /// What one recording has done so far.
    struct Session: Sendable {
        let folder: String
        let filter: PathPattern?
        /// The definition written for each method and path.
        var written: [String: JSONValue] = [:]
        /// Exchanges not written, by reason.
        var skipped: [String: Int] = [:]
        /// Requests answered differently from the answer already written.
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

    /// Records the upstream's `response` to `request` (as received from the app) when a recording runs.
    func record(_ request: HTTPRequest, _ response: HTTPResponse) {
        let write: (RecordedStub, String)? = session.withLock { session in
            guard var current = session else { return nil }
            defer { session = current }
            if let filter = current.filter, !filter.matches(request.path) { return nil }
            if case .found = routes.match(request.method, request.path).lookup {
                current.skipped["built_in_endpoint", default: 0] += 1
                return nil
            }
            guard let stub = RecordedStub(request: request, response: response) else {
                current.skipped["not_an_envelope", default: 0] += 1
                return nil
            }
            let key = stub.method + " " + stub.path
            if let earlier = current.written[key] {
                if earlier != stub.definition { current.varied += 1 }
                return nil
            }
            current.written[key] = stub.definition
            return (stub, current.folder)
        }
        guard let (stub, folder) = write else { return }
        let path = folder + "/" + stub.fileName
        do {
            try FileSystem.writeAtomically(Array((JSONWriter.serialize(stub.definition, pretty: true) + "\n").utf8), to: path)
        } catch {
            logger.log(.warning, "cannot write a recorded stub", [("path", .text(path)), ("reason", .text(error.description))])
        }
    }
}
