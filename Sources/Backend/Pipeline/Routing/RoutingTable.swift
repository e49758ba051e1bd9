/// Every endpoint of the server by method and path: one table for `/api`, `/__admin` and the
/// operational paths, built once at start (`add`), then only read. A path template is exact
/// segments and one `{id}` segment (a whole number) or `{name}` segment (any non-empty text).
///
/// One rule for every kind: a path the table does not have is not found, whatever the method; a
/// path it has answers a method it lists, a HEAD wherever it lists GET (RFC 9110 §9.3.2), and any
/// other method is not allowed, with `Allow` listing the path's methods in the order added.
struct RoutingTable: Sendable {
    /// An endpoint as added: fixed, or made from the path's `{id}`.
    private enum Target: Sendable {
        case fixed(Endpoint)
        case identified(@Sendable (Int) -> Endpoint)
        case named(@Sendable (String) -> Endpoint)
    }

    /// The endpoints of one path template, by method (a handful at most, so a list is searched).
    private struct PathRoutes: Sendable {
        let template: String
        var methods: [(method: String, target: Target)] = []
    }

    /// The parameter segment of a template.
    private static let idSegment = "{id}"
    /// The text parameter segment of a template.
    private static let nameSegment = "{name}"

    /// Templates without a parameter, by path.
    private var exactPaths: [String: PathRoutes] = [:]
    /// Templates with `{id}`, split into segments, in the order added.
    private var parameterized: [(segments: [Substring], routes: PathRoutes)] = []

    /// Adds `endpoint` for `method` on the exact path `path`.
    mutating func add(_ method: String, _ path: String, _ endpoint: Endpoint) {
        precondition(!path.contains(Self.idSegment) && !path.contains(Self.nameSegment), "\(path) has a parameter: add it with a function of it")
        add(method, path, kind: endpoint.kind, .fixed(endpoint))
    }

    /// Adds the endpoint `endpoint` makes from the `{id}` of a path matching `template` (of the
    /// same kind whatever the id).
    mutating func add(_ method: String, _ template: String, _ endpoint: @escaping @Sendable (Int) -> Endpoint) {
        precondition(template.contains(Self.idSegment), "\(template) has no {id}")
        add(method, template, kind: endpoint(0).kind, .identified(endpoint))
    }

    /// Adds the endpoint `endpoint` makes from the `{name}` segment of a path matching `template`.
    mutating func add(_ method: String, _ template: String, named endpoint: @escaping @Sendable (String) -> Endpoint) {
        precondition(template.contains(Self.nameSegment), "\(template) has no {name}")
        add(method, template, kind: endpoint("").kind, .named(endpoint))
    }

    private mutating func add(_ method: String, _ template: String, kind: EndpointKind, _ target: Target) {
        precondition(EndpointKind(path: template) == kind, "\(template) is not a path of its endpoint's kind")
        if !template.contains(Self.idSegment) && !template.contains(Self.nameSegment) {
            precondition(exactPaths[template]?.methods.contains { $0.method == method } != true, "duplicate route \(method) \(template)")
            exactPaths[template, default: PathRoutes(template: template)].methods.append((method, target))
            return
        }
        let segments = template.split(separator: "/", omittingEmptySubsequences: false)
        if let index = parameterized.firstIndex(where: { $0.segments == segments }) {
            precondition(!parameterized[index].routes.methods.contains { $0.method == method }, "duplicate route \(method) \(template)")
            parameterized[index].routes.methods.append((method, target))
        } else {
            parameterized.append((segments, PathRoutes(template: template, methods: [(method, target)])))
        }
    }

    /// The route of a request for `method` on `path` (without its query).
    func match(_ method: String, _ path: String) -> RouteMatch {
        let kind = EndpointKind(path: path)
        let key = kind.ignoresEmptySegments ? Self.withoutEmptySegments(path) : path
        if let routes = exactPaths[key] {
            return RouteMatch(kind: kind, lookup: Self.lookup(method, in: routes, parameter: ""), template: routes.template)
        }
        guard !parameterized.isEmpty else { return RouteMatch(kind: kind, lookup: .notFound, template: nil) }
        let segments = key.split(separator: "/", omittingEmptySubsequences: false)
        for (template, routes) in parameterized where template.count == segments.count {
            var parameter: Substring?
            let matches = zip(template, segments).allSatisfy { expected, segment in
                switch expected {
                case Self.idSegment where Int(segment) != nil, Self.nameSegment where !segment.isEmpty:
                    parameter = segment
                    return true
                case Self.idSegment, Self.nameSegment: return false
                default: return expected == segment
                }
            }
            if matches, let parameter {
                return RouteMatch(kind: kind, lookup: Self.lookup(method, in: routes, parameter: parameter), template: routes.template)
            }
        }
        return RouteMatch(kind: kind, lookup: .notFound, template: nil)
    }

    /// The endpoint of `method` among a path's routes, GET's for HEAD, else not allowed.
    private static func lookup(_ method: String, in routes: PathRoutes, parameter: Substring) -> RouteLookup<Endpoint> {
        let target = routes.methods.first { $0.method == method }?.target
            ?? (method == "HEAD" ? routes.methods.first { $0.method == "GET" }?.target : nil)
        switch target {
        case .fixed(let endpoint): return .found(endpoint)
        case .identified(let make): return Int(parameter).map { .found(make($0)) } ?? .notFound
        case .named(let make): return .found(make(String(parameter)))
        case nil: return .methodNotAllowed(AllowHeader(methods: routes.methods.map(\.method)))
        }
    }

    /// `path` with its empty segments left out: `/__admin//faults/` is `/__admin/faults`.
    private static func withoutEmptySegments(_ path: String) -> String {
        "/" + path.split(separator: "/").joined(separator: "/")
    }
}
