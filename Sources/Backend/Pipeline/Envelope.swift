import HTTP
import JSON
import Mocking

/// The response body under `/api/`: `{code, message, data}` (under the dialect's key names), with
/// its HTTP status and headers.
enum Envelope {
    private static let contentType = FieldLookup("Content-Type")
    private static let requestIDHeader = FieldLookup("X-Request-Id")
    private static let standardDataName = JSONObjectWriter.MemberName("data")

    /// The response for Countersign's `code` (written as the dialect's code for it), `message` and
    /// `data`, with the status the dialect's policy chooses (or `status` when the error overrides
    /// it, as an oversized body's 413 does).
    static func response(code: ResultCode, message: String, data: APIData, requestID: String,
                         dialect: EnvelopeDialect, status: HTTPStatus? = nil,
                         extraHeaders: [(name: String, value: String)] = []) -> HTTPResponse {
        let httpStatus = dialect.statusPolicy == .always200 ? HTTPStatus.ok : (status ?? code.semanticStatus)
        return response(code: dialect.code(for: code.rawValue), message: message, data: data, requestID: requestID,
                        status: httpStatus, dialect: dialect, extraHeaders: extraHeaders)
    }

    /// The response for any `code` as it is (a stub's or an injected fault's, which Countersign
    /// may not know) with exactly `status`.
    static func response(code: Int, message: String, data: APIData, requestID: String, status: HTTPStatus,
                         dialect: EnvelopeDialect, extraHeaders: [(name: String, value: String)] = []) -> HTTPResponse {
        var body = JSONObjectWriter(capacity: 128)
        if dialect.usesStandardKeys {
            body.add("code", integer: Int64(code))
            body.add("message", string: message)
            data.add(to: &body, as: standardDataName)
        } else {
            body.add(JSONObjectWriter.MemberName(dialect.codeKey), integer: Int64(code))
            body.add(JSONObjectWriter.MemberName(dialect.messageKey), string: message)
            data.add(to: &body, as: JSONObjectWriter.MemberName(dialect.dataKey))
        }
        var headers = HTTPHeaders()
        headers.reserveCapacity(2 + extraHeaders.count)
        headers.add(contentType, value: "application/json; charset=utf-8")
        headers.add(requestIDHeader, value: requestID)
        for header in extraHeaders { headers.add(name: header.name, value: header.value) }
        return HTTPResponse(status: status, headers: headers, body: body.finished())
    }
}
