import JSON

/// `GET /api/v1/ping`.
enum PingHandler {
    static func ping(_ context: APIRequestContext) throws(APIError) -> JSONValue {
        .object(JSONObject([("pong", .bool(true)), ("server_time", .number(JSONNumber(context.now)))]))
    }
}
