/// The three families of paths, told apart by how the path starts, before any route is looked up.
/// Each answers an unknown path or a wrong method in its own format: the envelope (10404, 10405),
/// the admin API's `{"error": …}`, the operational endpoints' JSON.
enum EndpointKind: Sendable, Equatable {
    /// `/api/…`: the signed API of API.md, through the pipeline.
    case api
    /// `/__admin` and `/__admin/…`: the admin API of docs/contract-testing.md.
    case admin
    /// Every other path: health, readiness, metrics, the OpenAPI document.
    case operational

    /// The path every admin endpoint is under, and the route `/metrics` counts admin requests under.
    static let adminRoot = "/__admin"
    private static let adminPrefix = adminRoot + "/"

    /// The kind of the endpoints under `path`.
    init(path: String) {
        if path.hasPrefix("/api/") {
            self = .api
        } else if path == Self.adminRoot || path.hasPrefix(Self.adminPrefix) {
            self = .admin
        } else {
            self = .operational
        }
    }

    /// Whether empty segments of a path are ignored (`/__admin/faults/` is `/__admin/faults`), as the
    /// admin API always has; elsewhere a path is matched exactly, so `/api/v1/ping/` is not `/api/v1/ping`.
    var ignoresEmptySegments: Bool { self == .admin }
}
