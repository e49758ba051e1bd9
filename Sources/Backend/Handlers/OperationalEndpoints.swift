import HTTP
import JSON
import Store

/// An unsigned endpoint outside `/api/`.
enum OperationalEndpoint: Sendable, Equatable {
    /// `/healthz`.
    case health
    /// `/readyz`.
    case readiness
    /// `/metrics`.
    case metrics
    /// `/openapi.yaml`.
    case openAPIDocument
}

/// Answers the operational endpoints: health, readiness, metrics and the OpenAPI document, and
/// any path outside `/api/` and `/__admin` that has none (404).
enum OperationalEndpoints {
    /// The answer to a request the routing table looked up as `route`.
    static func respond(to route: RouteLookup<OperationalEndpoint>, requestID: String, store: Store, settings: BackendSettings,
                        metrics: MetricsRegistry) -> HTTPResponse {
        switch route {
        case .notFound:
            return json(HTTPStatus(code: 404), ["error": "not found"], requestID: requestID)
        case .methodNotAllowed(let allow):
            return json(HTTPStatus(code: 405), ["error": "method not allowed"], requestID: requestID, extra: [allow.header])
        case .found(.health):
            return json(.ok, ["status": "ok"], requestID: requestID)
        case .found(.readiness):
            return readiness(of: store, requestID: requestID)
        case .found(.metrics):
            let report = metrics.report()
            return text(Array(report.text.utf8), contentType: MetricsExposition.contentType, requestID: requestID)
        case .found(.openAPIDocument):
            guard let document = settings.openAPIDocument else {
                return json(HTTPStatus(code: 404), ["error": "docs/openapi.yaml was not found when the server started"], requestID: requestID)
            }
            return text(document, contentType: "application/yaml; charset=utf-8", requestID: requestID)
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
