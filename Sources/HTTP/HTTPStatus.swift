/// A response status: the three-digit code and its reason phrase.
public struct HTTPStatus: Sendable, Hashable {
    /// The status code, e.g. 404.
    public let code: Int
    /// The reason phrase written after the code, e.g. "Not Found".
    public let reasonPhrase: String

    /// Creates the status `code` with its standard reason phrase (empty for an unregistered code).
    public init(code: Int) {
        self.init(code: code, reasonPhrase: Self.standardReasonPhrase(for: code))
    }

    /// Creates a status with an explicit reason phrase (as a parsed response carries it).
    public init(code: Int, reasonPhrase: String) {
        self.code = code
        self.reasonPhrase = reasonPhrase
    }

    /// 100 Continue.
    public static let `continue` = HTTPStatus(code: 100)
    /// 200 OK.
    public static let ok = HTTPStatus(code: 200)
    /// 201 Created.
    public static let created = HTTPStatus(code: 201)
    /// 204 No Content.
    public static let noContent = HTTPStatus(code: 204)
    /// 400 Bad Request.
    public static let badRequest = HTTPStatus(code: 400)
    /// 401 Unauthorized.
    public static let unauthorized = HTTPStatus(code: 401)
    /// 403 Forbidden.
    public static let forbidden = HTTPStatus(code: 403)
    /// 404 Not Found.
    public static let notFound = HTTPStatus(code: 404)
    /// 405 Method Not Allowed.
    public static let methodNotAllowed = HTTPStatus(code: 405)
    /// 408 Request Timeout.
    public static let requestTimeout = HTTPStatus(code: 408)
    /// 413 Content Too Large.
    public static let contentTooLarge = HTTPStatus(code: 413)
    /// 414 URI Too Long.
    public static let uriTooLong = HTTPStatus(code: 414)
    /// 429 Too Many Requests.
    public static let tooManyRequests = HTTPStatus(code: 429)
    /// 431 Request Header Fields Too Large.
    public static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431)
    /// 500 Internal Server Error.
    public static let internalServerError = HTTPStatus(code: 500)
    /// 501 Not Implemented.
    public static let notImplemented = HTTPStatus(code: 501)
    /// 503 Service Unavailable.
    public static let serviceUnavailable = HTTPStatus(code: 503)
    /// 505 HTTP Version Not Supported.
    public static let httpVersionNotSupported = HTTPStatus(code: 505)
}
