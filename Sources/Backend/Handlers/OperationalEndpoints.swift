import HTTP
import JSON
import Store

/// The unsigned endpoints outside `/api/`: health, readiness, metrics and the OpenAPI document.
enum OperationalEndpoints {
    /// Their paths.
    static let paths: Set<String> = ["/healthz", "/readyz", "/metrics", "/openapi.yaml"]

    /// The route `/metrics` counts a request to `path` under: the path itself, or `other`.
    static func route(for path: String) -> String {
        paths.contains(path) ? path : RequestLabels.unmatchedRoute
    }

    static func respond(to request: HTTPRequest, requestID: String, store: Store, settings: BackendSettings,
                        metrics: MetricsRegistry) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return json(HTTPStatus(code: 405), ["error": "method not allowed"], requestID: requestID, extra: [(name: "Allow", value: "GET, HEAD")])
        }
        switch request.path {
        case "/healthz":
            return json(.ok, ["status": "ok"], requestID: requestID)
        case "/readyz":
            return readiness(of: store, requestID: requestID)
        case "/metrics":
            let report = metrics.report()
            return text(Array(report.text.utf8), contentType: MetricsExposition.contentType, requestID: requestID)
        case "/openapi.yaml":
            guard let document = settings.openAPIDocument else {
                return json(HTTPStatus(code: 404), ["error": "docs/openapi.yaml was not found when the server started"], requestID: requestID)
            }
            return text(document, contentType: "application/yaml; charset=utf-8", requestID: requestID)
        default:
            return json(HTTPStatus(code: 404), ["error": "not found"], requestID: requestID)
        }
    }

    /// 200 when the database passes `PRAGMA quick_check` and has apps; 503 with the reason otherwise.
    private static func readiness(of store: Store, requestID: String) -> HTTPResponse {
        do {
            try store.checkIntegrity()
            if try store.allApps().isEmpty == false {
                return json(.ok, ["status": "ready", "database": "ok", "tls": "ok"], requestID: requestID)
            }
            return json(HTTPStatus(code: 503), ["status": "not ready", "database": "unavailable", "tls": "ok",
                                                "reason": "the database has no apps: run `countersign db reset` to load the seed"], requestID: requestID)
        } catch {
            return json(HTTPStatus(code: 503), ["status": "not ready", "database": error.code?.primary == .corrupt ? "damaged" : "unavailable",
                                                "tls": "ok", "reason": .string(error.description)], requestID: requestID)
        }
    }

    private static func text(_ body: [UInt8], contentType: String, requestID: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "X-Request-Id", value: requestID)
        return HTTPResponse(status: .ok, headers: headers, body: body)
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
