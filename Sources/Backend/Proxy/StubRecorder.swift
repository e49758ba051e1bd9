import HTTP
import JSON
import Mocking
import System
import Telemetry

/// Recording (`POST /__admin/recordings/start`, `--record`): each exchange the proxy forwards,
/// when its path matches the filter, becomes a stub file in the folder (`RecordedStubSet` says
/// which: repeats add nothing, a different answer makes a scenario).
public final class StubRecorder: Sendable {
    /// What one recording has done so far.
    struct Session: Sendable {
        let folder: String
        let filter: PathPattern?
        var stubs: RecordedStubSet
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
            session = Session(folder: folder, filter: filter.map(PathPattern.init), stubs: RecordedStubSet(routes: routes))
            return true
        }
        guard started else { throw .conflict("a recording is already running; stop it first") }
    }

    /// Stops recording; what it wrote, or nil when none was running.
    func stop() -> JSONValue? {
        session.withLock { session in
            defer { session = nil }
            return session.map { $0.stubs.summary(folder: $0.folder) }
        }
    }

    /// What the running recording has done; nil when none runs.
    var current: JSONValue? { session.withLock { session in session.map { $0.stubs.summary(folder: $0.folder) } } }

    /// Records the upstream's `response` to `request` (as received from the app, its query and
    /// form `parameters`) when a recording runs.
    func record(_ request: HTTPRequest, _ response: HTTPResponse, parameters: [(name: String, value: String)]) {
        let write: (files: [(name: String, definition: JSONValue)], folder: String)? = session.withLock { session in
            guard var current = session else { return nil }
            defer { session = current }
            if let filter = current.filter, !filter.matches(request.path) { return nil }
            let files = current.stubs.add(request.method, request.path) { () throws(RecordedStubSet.Skip) in
                guard let stub = RecordedStub(request: request, response: response, parameters: parameters) else { throw .notAnEnvelope }
                return stub
            }
            return (files, current.folder)
        }
        guard let (files, folder) = write else { return }
        for (name, definition) in files {
            let path = folder + "/" + name
            do {
                try FileSystem.writeAtomically(RecordedStubSet.fileText(definition), to: path)
            } catch {
                logger.log(.warning, "cannot write a recorded stub", [("path", .text(path)), ("reason", .text(error.description))])
            }
        }
    }
}
