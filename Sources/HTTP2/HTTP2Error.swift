import CNGHTTP2

/// Why an HTTP/2 session could not be created or went on no longer.
public struct HTTP2Error: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in nghttp2's words when it was nghttp2 that failed.
    public let description: String

    /// The error nghttp2 reported with `code` (a negative `nghttp2_error`).
    init(code: Int) {
        description = String(cString: nghttp2_strerror(Int32(clamping: code)))
    }

    init(_ description: String) {
        self.description = description
    }
}
