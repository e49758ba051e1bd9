import HTTP
import JSON

/// The admin API's answers: JSON without the envelope, errors as `{"error": "..."}`.
enum AdminResponse {
    /// `value` as JSON with `status`.
    static func json(_ value: JSONValue, status: HTTPStatus = .ok, requestID: String) -> HTTPResponse {
        body(Array(JSONWriter.serialize(value).utf8), status: status, requestID: requestID)
    }

    /// A JSON `body` already serialized.
    static func body(_ body: [UInt8], status: HTTPStatus = .ok, requestID: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers(requestID: requestID, json: true), body: body)
    }

    /// 204, no body.
    static func noContent(requestID: String) -> HTTPResponse {
        HTTPResponse(status: .noContent, headers: headers(requestID: requestID, json: false))
    }

    /// `{"error": message}` with the error's status.
    static func error(_ error: AdminError, requestID: String, extraHeaders: [(name: String, value: String)] = []) -> HTTPResponse {
        var response = json(["error": .string(error.message)], status: error.status, requestID: requestID)
        for header in extraHeaders { response.headers.add(name: header.name, value: header.value) }
        return response
    }

    private static func headers(requestID: String, json: Bool) -> HTTPHeaders {
        var headers = HTTPHeaders()
        if json { headers.add(name: "Content-Type", value: "application/json; charset=utf-8") }
        headers.add(name: "X-Request-Id", value: requestID)
        headers.add(name: "Cache-Control", value: "no-store")
        return headers
    }
}
