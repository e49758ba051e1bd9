/// A handler of one `/api/` endpoint: it returns the envelope's `data` or throws an `APIError`.
struct APIRoute: Sendable {
    /// Whether the route needs a valid bearer token (20104 otherwise).
    let requiresLogin: Bool
    /// Produces `data`.
    let handle: @Sendable (APIRequestContext) throws(APIError) -> APIData
}
