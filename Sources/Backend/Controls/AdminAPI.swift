import AdminConsole
import HTTP
import Signing
import Store

/// The admin API (API.md "Admin API"): not signed, not journalled. Who may use it is checked
/// first, then the routing table's answer for the path, then the control that owns the action.
/// One per event loop: the state controls use the loop's database connection.
struct AdminAPI {
    private let adminToken: String?
    private let journal: JournalControls
    private let faults: FaultControls
    private let stubs: StubControls
    private let state: StateControls
    private let recordings: RecordingControls
    private let mocks: MockControls

    /// The admin API of the loop whose database connection is `store`.
    init(environment: BackendEnvironment, store: Store, canonicalizer: Canonicalizer) {
        adminToken = environment.admin.adminToken
        journal = JournalControls(journal: environment.journal, canonicalizer: canonicalizer)
        faults = FaultControls(faults: environment.faults)
        stubs = StubControls(mocks: environment.mocks, routes: environment.routes)
        mocks = MockControls(mocks: environment.mocks)
        state = StateControls(store: store, clock: environment.clock, settings: environment.admin, journal: journal,
                              faults: faults, stubs: stubs)
        recordings = RecordingControls(recorder: environment.recorder, proxying: environment.proxy != nil)
    }

    /// The answer to `request`, whose path the routing table looked up as `route`.
    func answer(_ request: HTTPRequest, route: RouteLookup<AdminAction>, requestID: String, peerIsLoopback: Bool) -> HTTPResponse {
        let access = AdminAccess(adminToken: adminToken, sentToken: request.headers["X-Admin-Token"], peerIsLoopback: peerIsLoopback)
        // The console's files hold no data, and a browser cannot send a header when it opens a
        // page: they load without the token, and the page asks for it before its first call.
        if AdminConsole.serves(request.path), access != .forbidden {
            return AdminConsole.respond(method: request.method, path: request.path, requestID: requestID)
        }
        switch access {
        case .allowed:
            break
        case .unauthorized:
            return AdminResponse.error(AdminError(status: .unauthorized, message: "missing or wrong X-Admin-Token"), requestID: requestID)
        case .forbidden:
            let message = "the admin API is only available from loopback; start the server with --admin-token to use it from elsewhere"
            return AdminResponse.error(AdminError(status: .forbidden, message: message), requestID: requestID)
        }
        switch route {
        case .notFound:
            return AdminResponse.error(.notFound("no admin endpoint \(request.path) (see docs/contract-testing.md)"), requestID: requestID)
        case .methodNotAllowed(let allow):
            return AdminResponse.error(AdminError(status: .methodNotAllowed, message: "\(request.method) is not allowed here; use \(allow.value)"),
                                       requestID: requestID, extraHeaders: [allow.header])
        case .found(let action):
            do throws(AdminError) {
                return try perform(action, request, requestID: requestID)
            } catch {
                return AdminResponse.error(error, requestID: requestID)
            }
        }
    }

    private func perform(_ action: AdminAction, _ request: HTTPRequest, requestID: String) throws(AdminError) -> HTTPResponse {
        switch action {
        case .journal(let action): try journal.answer(action, request, requestID: requestID)
        case .faults(let action): try faults.answer(action, request, requestID: requestID)
        case .stubs(let action): try stubs.answer(action, request, requestID: requestID)
        case .state(let action): try state.answer(action, request, requestID: requestID)
        case .recordings(let action): try recordings.answer(action, request, requestID: requestID)
        case .mocks(let action): try mocks.answer(action, request, requestID: requestID)
        }
    }
}
