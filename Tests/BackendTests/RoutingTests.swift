@testable import Backend
import Testing

/// The one routing table: every path of the API, the admin API and the operational endpoints, with
/// one rule for unknown paths (not found, whatever the method), wrong methods (not allowed, with
/// `Allow` in the order the table lists them) and HEAD (answered wherever GET is).
@Suite struct RoutingTests {
    let table = RoutingTable.countersign()

    private func found(_ method: String, _ path: String) -> Endpoint? {
        guard case .found(let endpoint) = table.match(method, path).lookup else { return nil }
        return endpoint
    }

    private func allowed(_ method: String, _ path: String) -> String? {
        guard case .methodNotAllowed(let allow) = table.match(method, path).lookup else { return nil }
        return allow.value
    }

    private func isNotFound(_ method: String, _ path: String) -> Bool {
        guard case .notFound = table.match(method, path).lookup else { return false }
        return true
    }

    @Test(arguments: [
        ("GET", "/api/v1/ping", false), ("POST", "/api/v1/users/register", false), ("POST", "/api/v1/users/login", false),
        ("POST", "/api/v1/users/logout", true), ("POST", "/api/v1/users/token/refresh", true), ("GET", "/api/v1/users/me", true),
        ("POST", "/api/v1/users/profile", true), ("GET", "/api/v1/checkin", true), ("POST", "/api/v1/checkin", true),
        ("GET", "/api/v1/checkin/history", true), ("GET", "/api/v1/games", false),
    ])
    func everyAPIEndpointIsRouted(method: String, path: String, requiresLogin: Bool) throws {
        let match = table.match(method, path)
        #expect(match.kind == .api)
        #expect(match.template == path)
        guard case .found(let route) = match.api else { Issue.record("\(method) \(path) not found"); return }
        #expect(route.requiresLogin == requiresLogin)
    }

    @Test(arguments: [
        ("GET", "/__admin/requests", AdminAction.journal(.list)), ("DELETE", "/__admin/requests", .journal(.clear)),
        ("POST", "/__admin/requests/count", .journal(.count)),
        ("GET", "/__admin/faults", .faults(.list)), ("POST", "/__admin/faults", .faults(.add)),
        ("DELETE", "/__admin/faults", .faults(.removeAll)), ("DELETE", "/__admin/faults/7", .faults(.remove(id: 7))),
        ("GET", "/__admin/stubs", .stubs(.list)), ("POST", "/__admin/stubs", .stubs(.add)),
        ("DELETE", "/__admin/stubs", .stubs(.removeAll)), ("DELETE", "/__admin/stubs/12", .stubs(.remove(id: 12))),
        ("POST", "/__admin/tokens/expire", .state(.expireTokens)), ("POST", "/__admin/reset", .state(.reset)),
        ("GET", "/__admin/config", .state(.config)),
    ])
    func everyAdminEndpointIsRouted(method: String, path: String, action: AdminAction) {
        let match = table.match(method, path)
        #expect(match.kind == .admin)
        guard case .found(let found) = match.admin else { Issue.record("\(method) \(path) not found"); return }
        #expect(found == action)
    }

    @Test(arguments: [
        ("/healthz", OperationalEndpoint.health), ("/readyz", .readiness), ("/metrics", .metrics), ("/openapi.yaml", .openAPIDocument),
    ])
    func everyOperationalEndpointIsRoutedForGetAndHead(path: String, endpoint: OperationalEndpoint) {
        for method in ["GET", "HEAD"] {
            let match = table.match(method, path)
            #expect(match.kind == .operational)
            #expect(match.template == path)
            guard case .found(let found) = match.operational else { Issue.record("\(method) \(path) not found"); continue }
            #expect(found == endpoint)
        }
    }

    @Test func anIDIsAWholeNumberSegment() {
        #expect(table.match("DELETE", "/__admin/faults/7").template == "/__admin/faults/{id}")
        guard case .found(.faults(.remove(let id))) = table.match("DELETE", "/__admin/faults/-3").admin else {
            Issue.record("a negative id is still a number (the fault is then not found)")
            return
        }
        #expect(id == -3)
        for path in ["/__admin/faults/not-a-number", "/__admin/faults/7/extra", "/__admin/stubs/1.5", "/__admin/requests/7"] {
            #expect(isNotFound("DELETE", path), "\(path)")
        }
    }

    /// One 405 rule for every kind; `Allow` lists the path's methods as the table lists them.
    @Test(arguments: [
        ("PUT", "/api/v1/checkin", "GET, POST"), ("POST", "/api/v1/ping", "GET"), ("DELETE", "/api/v1/users/me", "GET"),
        ("GET", "/api/v1/users/login", "POST"),
        ("PUT", "/__admin/faults", "GET, POST, DELETE"), ("POST", "/__admin/requests", "GET, DELETE"),
        ("GET", "/__admin/faults/3", "DELETE"), ("GET", "/__admin/reset", "POST"), ("DELETE", "/__admin/config", "GET"),
        ("POST", "/healthz", "GET, HEAD"), ("DELETE", "/metrics", "GET, HEAD"), ("PUT", "/openapi.yaml", "GET, HEAD"),
    ])
    func aWrongMethodIsNotAllowedWithAllow(method: String, path: String, allow: String) {
        #expect(allowed(method, path) == allow)
        #expect(table.match(method, path).template != nil, "a 405 is counted under its path")
    }

    @Test func headIsAnsweredWhereverGetIs() {
        #expect(found("HEAD", "/api/v1/ping")?.apiRoute != nil)
        #expect(found("HEAD", "/api/v1/checkin/history")?.apiRoute != nil)
        #expect(found("HEAD", "/__admin/requests")?.adminAction == .journal(.list))
        #expect(found("HEAD", "/__admin/config")?.adminAction == .state(.config))
        #expect(allowed("HEAD", "/api/v1/users/login") == "POST")
        #expect(allowed("HEAD", "/__admin/reset") == "POST")
        #expect(allowed("HEAD", "/__admin/faults/1") == "DELETE")
    }

    @Test(arguments: ["GET", "HEAD", "POST", "PUT", "DELETE", "BREW"])
    func anUnknownPathIsNotFoundWhateverTheMethod(method: String) {
        for path in ["/", "/nothing", "/api", "/api/", "/api/v1/nothing", "/api/v2/ping", "/__admin", "/__admin/", "/__admin/nothing",
                     "/__adminx/faults", "/healthz/extra"] {
            let match = table.match(method, path)
            #expect(isNotFound(method, path), "\(method) \(path)")
            #expect(match.template == nil)
        }
    }

    @Test func theKindComesFromThePathsStart() {
        #expect(EndpointKind(path: "/api/") == .api)
        #expect(EndpointKind(path: "/api/anything") == .api)
        #expect(EndpointKind(path: "/api") == .operational)
        #expect(EndpointKind(path: "/__admin") == .admin)
        #expect(EndpointKind(path: "/__admin/anything") == .admin)
        #expect(EndpointKind(path: "/__adminx") == .operational)
        #expect(EndpointKind(path: "/healthz") == .operational)
    }

    /// As before the one table: the admin API ignores empty segments; the API and the operational
    /// paths are matched exactly.
    @Test func trailingSlashes() {
        #expect(found("GET", "/__admin/faults/")?.adminAction == .faults(.list))
        #expect(found("GET", "/__admin//faults")?.adminAction == .faults(.list))
        #expect(found("DELETE", "/__admin/stubs/4/")?.adminAction == .stubs(.remove(id: 4)))
        #expect(isNotFound("GET", "/api/v1/ping/"))
        #expect(isNotFound("GET", "/api//v1/ping"))
        #expect(isNotFound("GET", "/healthz/"))
    }

    @Test func aScenarioIsRoutedByItsName() {
        #expect(found("GET", "/__admin/scenarios/orders")?.adminAction == .mocks(.readScenario("orders")))
        #expect(found("PUT", "/__admin/scenarios/a-b_c")?.adminAction == .mocks(.setScenario("a-b_c")))
        #expect(found("DELETE", "/__admin/scenarios")?.adminAction == .mocks(.resetScenarios))
        #expect(found("POST", "/__admin/imports")?.adminAction == .mocks(.addImport))
        #expect(allowed("POST", "/__admin/scenarios/orders") == "GET, PUT, DELETE")
        #expect(isNotFound("GET", "/__admin/scenarios/orders/extra"))
        #expect(table.match("GET", "/__admin/scenarios/orders").template == "/__admin/scenarios/{name}")
    }
}
