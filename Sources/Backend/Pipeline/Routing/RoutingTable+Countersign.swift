import JSON

extension RoutingTable {
    /// Every endpoint Countersign answers: API.md's under `/api/v1`, the admin API under
    /// `/__admin` (docs/contract-testing.md), and the operational endpoints.
    static func countersign() -> RoutingTable {
        var table = RoutingTable()
        table.addAPIRoutes()
        table.addAdminRoutes()
        table.addOperationalRoutes()
        return table
    }

    private mutating func addAPIRoutes() {
        let open = { (handle: @escaping @Sendable (APIRequestContext) throws(APIError) -> JSONValue) in
            Endpoint.api(APIRoute(requiresLogin: false) { context throws(APIError) in .value(try handle(context)) })
        }
        let loggedIn = { (handle: @escaping @Sendable (APIRequestContext) throws(APIError) -> JSONValue) in
            Endpoint.api(APIRoute(requiresLogin: true) { context throws(APIError) in .value(try handle(context)) })
        }
        add("GET", "/api/v1/ping", open(PingHandler.ping))
        add("POST", "/api/v1/users/register", open(UserHandlers.register))
        add("POST", "/api/v1/users/login", open(UserHandlers.login))
        add("POST", "/api/v1/users/logout", loggedIn(UserHandlers.logout))
        add("POST", "/api/v1/users/token/refresh", loggedIn(UserHandlers.refresh))
        add("GET", "/api/v1/users/me", loggedIn(UserHandlers.me))
        add("POST", "/api/v1/users/profile", loggedIn(UserHandlers.profile))
        add("GET", "/api/v1/checkin", .api(APIRoute(requiresLogin: true, handle: CheckinHandlers.status)))
        add("POST", "/api/v1/checkin", loggedIn(CheckinHandlers.checkIn))
        add("GET", "/api/v1/checkin/history", loggedIn(CheckinHandlers.history))
        add("GET", "/api/v1/games", open(GamesHandler.list))
    }

    private mutating func addAdminRoutes() {
        add("GET", "/__admin/requests", .admin(.journal(.list)))
        add("DELETE", "/__admin/requests", .admin(.journal(.clear)))
        add("POST", "/__admin/requests/count", .admin(.journal(.count)))
        add("GET", "/__admin/faults", .admin(.faults(.list)))
        add("POST", "/__admin/faults", .admin(.faults(.add)))
        add("DELETE", "/__admin/faults", .admin(.faults(.removeAll)))
        add("DELETE", "/__admin/faults/{id}") { .admin(.faults(.remove(id: $0))) }
        add("GET", "/__admin/stubs", .admin(.stubs(.list)))
        add("POST", "/__admin/stubs", .admin(.stubs(.add)))
        add("DELETE", "/__admin/stubs", .admin(.stubs(.removeAll)))
        add("DELETE", "/__admin/stubs/{id}") { .admin(.stubs(.remove(id: $0))) }
        add("POST", "/__admin/tokens/expire", .admin(.state(.expireTokens)))
        add("POST", "/__admin/reset", .admin(.state(.reset)))
        add("GET", "/__admin/config", .admin(.state(.config)))
        add("GET", "/__admin/pins", .admin(.state(.pins)))
        add("GET", "/__admin/recordings", .admin(.recordings(.status)))
        add("POST", "/__admin/recordings/start", .admin(.recordings(.start)))
        add("POST", "/__admin/recordings/stop", .admin(.recordings(.stop)))
        add("GET", "/__admin/scenarios", .admin(.mocks(.listScenarios)))
        add("DELETE", "/__admin/scenarios", .admin(.mocks(.resetScenarios)))
        add("GET", "/__admin/scenarios/{name}", named: { .admin(.mocks(.readScenario($0))) })
        add("PUT", "/__admin/scenarios/{name}", named: { .admin(.mocks(.setScenario($0))) })
        add("DELETE", "/__admin/scenarios/{name}", named: { .admin(.mocks(.resetScenario($0))) })
        add("GET", "/__admin/imports", .admin(.mocks(.listImports)))
        add("POST", "/__admin/imports", .admin(.mocks(.addImport)))
        add("DELETE", "/__admin/imports/{id}") { .admin(.mocks(.removeImport(id: $0))) }
    }

    /// HEAD is added explicitly so that their `Allow` lists it, as it always has.
    private mutating func addOperationalRoutes() {
        let endpoints: [(String, OperationalEndpoint)] = [
            ("/healthz", .health), ("/readyz", .readiness), ("/metrics", .metrics), ("/openapi.yaml", .openAPIDocument),
        ]
        for (path, endpoint) in endpoints {
            add("GET", path, .operational(endpoint))
            add("HEAD", path, .operational(endpoint))
        }
    }
}
