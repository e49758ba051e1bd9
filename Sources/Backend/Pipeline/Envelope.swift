import HTTP
import JSON

/// The response body under `/api/`: `{code, message, data}`, with its HTTP status and headers.
enum Envelope {
    private static let contentType = FieldLookup("Content-Type")
    private static let requestIDHeader = FieldLookup("X-Request-Id")

    /// The response for `code`, `message` and `data`, with the status chosen by `style`
    /// (or `status` when the error overrides it, as an oversized body's 413 does).
    static func response(code: ResultCode, message: String, data: JSONValue, requestID: String,
                         style: BackendSettings.HTTPStatusStyle, status: HTTPStatus? = nil,
                         extraHeaders: [(name: String, value: String)] = []) -> HTTPResponse {
        let httpStatus = style == .always200 ? HTTPStatus.ok : (status ?? code.semanticStatus)
        return response(code: code.rawValue, message: message, data: data, requestID: requestID, status: httpStatus,
                        extraHeaders: extraHeaders)
    }

    /// The response for any `code` (a stub's or an injected fault's, which Countersign may not
    /// know) with exactly `status`.
    static func response(code: Int, message: String, data: JSONValue, requestID: String, status: HTTPStatus,
                         extraHeaders: [(name: String, value: String)] = []) -> HTTPResponse {
        var body = JSONObjectWriter(capacity: 128)
        body.add("code", integer: Int64(code))
        body.add("message", string: message)
        body.add("data", data)
        var headers = HTTPHeaders()
        headers.reserveCapacity(2 + extraHeaders.count)
        headers.add(contentType, value: "application/json; charset=utf-8")
        headers.add(requestIDHeader, value: requestID)
        for header in extraHeaders { headers.add(name: header.name, value: header.value) }
        return HTTPResponse(status: status, headers: headers, body: body.finished())
    }
}
