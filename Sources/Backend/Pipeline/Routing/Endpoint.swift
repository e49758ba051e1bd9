/// What the routing table maps a method and path to: an API route, an admin action or an
/// operational endpoint.
enum Endpoint: Sendable {
    /// A handler of API.md, run by the pipeline after its checks.
    case api(APIRoute)
    /// An admin control's action.
    case admin(AdminAction)
    /// Health, readiness, metrics or the OpenAPI document.
    case operational(OperationalEndpoint)

    /// The family of paths the endpoint belongs to.
    var kind: EndpointKind {
        switch self {
        case .api: .api
        case .admin: .admin
        case .operational: .operational
        }
    }

    /// The API route, when it is one.
    var apiRoute: APIRoute? {
        guard case .api(let route) = self else { return nil }
        return route
    }

    /// The admin action, when it is one.
    var adminAction: AdminAction? {
        guard case .admin(let action) = self else { return nil }
        return action
    }

    /// The operational endpoint, when it is one.
    var operationalEndpoint: OperationalEndpoint? {
        guard case .operational(let endpoint) = self else { return nil }
        return endpoint
    }
}
