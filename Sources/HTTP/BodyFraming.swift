/// How a message body is delimited (RFC 9112 §6).
enum BodyFraming: Equatable, Sendable {
    /// No body.
    case noBody
    /// Exactly this many bytes (Content-Length, greater than zero).
    case length(Int)
    /// Chunked transfer coding.
    case chunked
    /// Everything until the peer closes the connection (responses without a length only).
    case untilClose

    /// The framing of a request (RFC 9112 §6.3): its declared body, or none.
    static func ofRequest(headers: HTTPHeaders, version: HTTPVersion, limits: HTTPLimits) throws(HTTPParseError) -> BodyFraming {
        try declared(by: headers, version: version, limits: limits) ?? .noBody
    }

    /// The framing of a response to `requestMethod` (RFC 9112 §6.3): no body for HEAD, 1xx, 204 and 304;
    /// else the declared body, or the rest of the connection.
    static func ofResponse(
        status: HTTPStatus,
        headers: HTTPHeaders,
        version: HTTPVersion,
        requestMethod: String,
        limits: HTTPLimits
    ) throws(HTTPParseError) -> BodyFraming {
        if requestMethod == "HEAD" || status.code < 200 || status.code == 204 || status.code == 304 {
            return .noBody
        }
        return try declared(by: headers, version: version, limits: limits) ?? .untilClose
    }

    /// The framing that Transfer-Encoding or Content-Length declare, or nil when neither is present.
    ///
    /// Refuses what lets two parsers disagree on a message's end (request smuggling): both fields at once,
    /// Transfer-Encoding in HTTP/1.0, and Content-Length fields with different values. Only exactly
    /// `chunked` is a supported coding. A length above the limit fails before any body byte is read.
    private static func declared(by headers: HTTPHeaders, version: HTTPVersion, limits: HTTPLimits) throws(HTTPParseError) -> BodyFraming? {
        let transferCodings = headers.values(of: .transferEncoding)
        let contentLengths = headers.values(of: .contentLength)
        if !transferCodings.isEmpty {
            guard contentLengths.isEmpty else { throw .malformed("both Content-Length and Transfer-Encoding") }
            guard version.persistsByDefault else { throw .malformed("Transfer-Encoding in HTTP/1.0") }
            guard transferCodings.count == 1, ASCII.equalsIgnoringCase(transferCodings[0], "chunked") else {
                throw .unsupportedTransferEncoding
            }
            return .chunked
        }
        guard let first = contentLengths.first else { return nil }
        let length = try contentLength(first)
        for other in contentLengths.dropFirst() {
            guard try contentLength(other) == length else { throw .malformed("conflicting Content-Length values") }
        }
        guard length <= limits.maxBodyBytes else { throw .bodyTooLarge }
        return length == 0 ? .noBody : .length(length)
    }

    /// A Content-Length value: one or more digits only. A value too large for `Int` is `Int.max`,
    /// which every limit refuses.
    private static func contentLength(_ value: String) throws(HTTPParseError) -> Int {
        guard !value.isEmpty else { throw .malformed("invalid Content-Length") }
        var length = 0
        for byte in value.utf8 {
            guard let digit = ASCII.decimalValue(byte) else { throw .malformed("invalid Content-Length") }
            let (shifted, overflow) = length.multipliedReportingOverflow(by: 10)
            length = overflow || shifted > Int.max - digit ? Int.max : shifted + digit
        }
        return length
    }
}
