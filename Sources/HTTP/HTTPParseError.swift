/// Why a message could not be parsed; each case maps to the status a server answers with.
public enum HTTPParseError: Error, Equatable, Sendable {
    /// The message breaks the HTTP/1.1 grammar or framing rules (400); the reason is short and holds no input.
    case malformed(String)
    /// The request line is longer than `maxRequestLineBytes` (414).
    case uriTooLong
    /// The header section is larger than `maxHeaderBytes` or has more than `maxHeaderCount` fields (431).
    case headersTooLarge
    /// The body is declared or grows larger than `maxBodyBytes` (413).
    case bodyTooLarge
    /// The version is well formed but neither HTTP/1.0 nor HTTP/1.1 (505).
    case versionNotSupported
    /// A Transfer-Encoding other than exactly `chunked` (501).
    case unsupportedTransferEncoding

    /// The response status a server sends for this error.
    public var status: HTTPStatus {
        switch self {
        case .malformed: .badRequest
        case .uriTooLong: .uriTooLong
        case .headersTooLarge: .requestHeaderFieldsTooLarge
        case .bodyTooLarge: .contentTooLarge
        case .versionNotSupported: .httpVersionNotSupported
        case .unsupportedTransferEncoding: .notImplemented
        }
    }
}
