/// Finds the route for a method and path. Built once at start (`add`), then only read.
struct Router<Route> {
    /// The outcome of a lookup.
    enum Match {
        case found(Route)
        case notFound
        case methodNotAllowed(allowed: [String])
    }

    private var routes: [String: [String: Route]] = [:]

    /// Adds `route` for `method` and exact `path`.
    mutating func add(_ method: String, _ path: String, _ route: Route) {
        precondition(routes[path]?[method] == nil, "duplicate route \(method) \(path)")
        routes[path, default: [:]][method] = route
    }

    /// The route for `method` on `path`.
    func match(_ method: String, _ path: String) -> Match {
        guard let byMethod = routes[path] else { return .notFound }
        if let route = byMethod[method] { return .found(route) }
        if method == "HEAD", let route = byMethod["GET"] { return .found(route) }
        return .methodNotAllowed(allowed: byMethod.keys.sorted())
    }
}
