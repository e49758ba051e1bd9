import HTTP

/// `/__admin/stubs`: adds, lists and removes the stubs every event loop answers with. Only the
/// admin side of stubs: what a stub is and how it matches stay with `Stub` and the `Mocking`
/// module.
struct StubControls {
    private let mocks: MockCatalog
    /// The built-in endpoints, which a stub may not replace.
    private let routes: RoutingTable

    init(mocks: MockCatalog, routes: RoutingTable) {
        self.mocks = mocks
        self.routes = routes
    }

    func answer(_ action: RegistryAction, _ request: HTTPRequest, requestID: String) throws(AdminError) -> HTTPResponse {
        try mocks.stubs.answer(action, request, requestID: requestID, listName: "stubs", itemName: "stub") { (id, definition) throws(AdminError) in
            let stub = try Stub(id: id, definition: definition, source: "runtime")
            try stub.checkNotBuiltIn(routes)
            mocks.registerScenarios(of: [stub])
            return stub
        }
    }

    /// Back to the stubs and imports loaded at start, every scenario in its initial state.
    func restore() {
        mocks.reset()
    }
}
