import HTTP

/// `/__admin/stubs`: adds, lists and removes the stubs every event loop answers with. Only the
/// admin side of stubs: what a stub is and how it matches stay with `Stub`.
struct StubControls {
    private let stubs: AdminRegistry<Stub>
    /// The built-in endpoints, which a stub may not replace.
    private let routes: RoutingTable

    init(stubs: AdminRegistry<Stub>, routes: RoutingTable) {
        self.stubs = stubs
        self.routes = routes
    }

    func answer(_ action: RegistryAction, _ request: HTTPRequest, requestID: String) throws(AdminError) -> HTTPResponse {
        try stubs.answer(action, request, requestID: requestID, listName: "stubs", itemName: "stub") { (id, fields) throws(AdminError) in
            let stub = try Stub(id: id, fields: fields, source: "runtime")
            try stub.checkNotBuiltIn(routes)
            return stub
        }
    }

    /// Back to the stubs loaded from the stubs folder at start.
    func restore() {
        stubs.restore()
    }
}
