/// Finds the route for a method and path. Built once at start (`add`), then only read.
struct Router<Route> {
    /// The outcome of a lookup.
    enum Match {
        case found(Route)
        case notFound
        case methodNotAllowed(allowed: [String])
    }

    /// The routes of each path, by method (a path has a handful at most, so a list is searched).
    private var routes: [String: [(method: String, route: Route)]] = [:]

    /// Adds `route` for `method` and exact `path`.
    mutating func add(_ method: String, _ path: String, _ route: Route) {
        precondition(routes[path]?.contains { $0.method == method } != true, "duplicate route \(method) \(path)")
        routes[path, default: []].append((method, route))
    }

    /// The route for `method` on `path`.
    func match(_ method: String, _ path: String) -> Match {
        guard let byMethod = routes[path] else { return .notFound }
        if let found = byMethod.first(where: { $0.method == method }) { return .found(found.route) }
        if method == "HEAD", let found = byMethod.first(where: { $0.method == "GET" }) { return .found(found.route) }
        return .methodNotAllowed(allowed: byMethod.map(\.method).sorted())
    }
}
