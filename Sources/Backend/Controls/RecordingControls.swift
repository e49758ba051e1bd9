import HTTP
import JSON

/// Recording in proxy mode: `POST /__admin/recordings/start {folder?, filter?}`, `POST
/// /__admin/recordings/stop`, and `GET /__admin/recordings` for what the running one did.
struct RecordingControls {
    /// What a request to one of the recordings endpoints asks for.
    enum Action: Sendable, Equatable {
        case status
        case start
        case stop
    }

    /// Where recorded stubs go when the start request names no folder.
    static let defaultFolder = "recordings"

    let recorder: StubRecorder
    /// Whether the server proxies (recording has nothing to record otherwise).
    let proxying: Bool

    func answer(_ action: Action, _ request: HTTPRequest, requestID: String) throws(AdminError) -> HTTPResponse {
        switch action {
        case .status:
            return AdminResponse.json(["recording": recorder.current ?? .null], requestID: requestID)
        case .start:
            guard proxying else { throw .conflict("recording needs proxy mode: start the server with --proxy-to https://host") }
            let fields = try AdminFields(body: request.body, allowed: ["folder", "filter"], emptyAllowed: true)
            let folder = try fields.string("folder") ?? Self.defaultFolder
            guard !folder.isEmpty else { throw .badRequest("'folder' must not be empty") }
            let filter = try fields.string("filter")
            if let filter, !filter.hasPrefix("/") { throw .badRequest("'filter' is a path or a * pattern, such as /api/v1/orders*") }
            try recorder.start(folder: folder, filter: filter)
            return AdminResponse.json(["recording": recorder.current ?? .null], status: HTTPStatus(code: 201), requestID: requestID)
        case .stop:
            guard let summary = recorder.stop() else { throw .conflict("no recording is running") }
            return AdminResponse.json(["recorded": summary], requestID: requestID)
        }
    }
}
