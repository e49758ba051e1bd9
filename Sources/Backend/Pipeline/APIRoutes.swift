import JSON

/// The endpoints of API.md, under `/api/v1`.
enum APIRoutes {
    static func make() -> Router<APIRoute> {
        var router = Router<APIRoute>()
        let open = { (handle: @escaping (APIRequestContext) throws(APIError) -> JSONValue) in APIRoute(requiresLogin: false, handle: handle) }
        let loggedIn = { (handle: @escaping (APIRequestContext) throws(APIError) -> JSONValue) in APIRoute(requiresLogin: true, handle: handle) }
        router.add("GET", "/api/v1/ping", open(PingHandler.ping))
        router.add("POST", "/api/v1/users/register", open(UserHandlers.register))
        router.add("POST", "/api/v1/users/login", open(UserHandlers.login))
        router.add("POST", "/api/v1/users/logout", loggedIn(UserHandlers.logout))
        router.add("POST", "/api/v1/users/token/refresh", loggedIn(UserHandlers.refresh))
        router.add("GET", "/api/v1/users/me", loggedIn(UserHandlers.me))
        router.add("POST", "/api/v1/users/profile", loggedIn(UserHandlers.profile))
        router.add("GET", "/api/v1/checkin", loggedIn(CheckinHandlers.status))
        router.add("POST", "/api/v1/checkin", loggedIn(CheckinHandlers.checkIn))
        router.add("GET", "/api/v1/checkin/history", loggedIn(CheckinHandlers.history))
        router.add("GET", "/api/v1/games", open(GamesHandler.list))
        return router
    }
}
