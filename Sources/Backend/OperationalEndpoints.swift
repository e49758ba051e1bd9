import HTTP
import JSON
import Store

/// The unsigned endpoints outside `/api/`: health, readiness and the OpenAPI document.
enum OperationalEndpoints {
    static func respond(to request: HTTPRequest, requestID: String, store: Store, settings: BackendSettings) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return json(HTTPStatus(code: 405), ["error": "method not allowed"], requestID: requestID, extra: [(name: "Allow", value: "GET, HEAD")])
        }
        switch request.path {
        case "/healthz":
            return json(.ok, ["status": "ok"], requestID: requestID)
        case "/readyz":
            let databaseReady = (try? store.allApps().isEmpty == false) ?? false
            return databaseReady
                ? json(.ok, ["status": "ready", "database": "ok", "tls": "ok"], requestID: requestID)
                : json(HTTPStatus(code: 503), ["status": "not ready", "database": "unavailable", "tls": "ok"], requestID: requestID)
        case "/openapi.yaml":
            guard let document = settings.openAPIDocument else {
                return json(HTTPStatus(code: 404), ["error": "docs/openapi.yaml was not found when the server started"], requestID: requestID)
            }
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "application/yaml; charset=utf-8")
            headers.add(name: "X-Request-Id", value: requestID)
            return HTTPResponse(status: .ok, headers: headers, body: document)
        default:
            return json(HTTPStatus(code: 404), ["error": "not found"], requestID: requestID)
        }
    }

    private static func json(_ status: HTTPStatus, _ object: JSONObject, requestID: String,
                             extra: [(name: String, value: String)] = []) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "X-Request-Id", value: requestID)
        for header in extra { headers.add(name: header.name, value: header.value) }
        return HTTPResponse(status: status, headers: headers, body: Array(JSONWriter.serialize(.object(object)).utf8))
    }
}
