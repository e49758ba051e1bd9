/// What the routing table found for a method and path.
enum RouteLookup<Target> {
    /// The endpoint for the method (a HEAD request finds the path's GET endpoint).
    case found(Target)
    /// No endpoint has the path.
    case notFound
    /// The path has endpoints for other methods only.
    case methodNotAllowed(AllowHeader)

    /// The lookup with the found target narrowed by `narrow` (nil: not found).
    func compactMap<Other>(_ narrow: (Target) -> Other?) -> RouteLookup<Other> {
        switch self {
        case .found(let target): narrow(target).map { .found($0) } ?? .notFound
        case .notFound: .notFound
        case .methodNotAllowed(let allow): .methodNotAllowed(allow)
        }
    }
}

/// One request's route, looked up once and used by whatever answers, logs and counts it.
struct RouteMatch {
    /// The family of the path: who answers the request.
    let kind: EndpointKind
    /// What the table found.
    let lookup: RouteLookup<Endpoint>
    /// The template of the path the request matched, whatever its method (`/__admin/faults/{id}`);
    /// nil when no endpoint has the path.
    let template: String?

    /// The lookup as the pipeline reads it.
    var api: RouteLookup<APIRoute> { lookup.compactMap { $0.apiRoute } }
    /// The lookup as the admin API reads it.
    var admin: RouteLookup<AdminAction> { lookup.compactMap { $0.adminAction } }
    /// The lookup as the operational endpoints read it.
    var operational: RouteLookup<OperationalEndpoint> { lookup.compactMap { $0.operationalEndpoint } }
}
