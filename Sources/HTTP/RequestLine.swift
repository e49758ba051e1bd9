/// A parsed request line: `method SP request-target SP HTTP-version` (RFC 9112 §3).
struct RequestLine: Sendable {
    var method: String
    var target: String
    var version: HTTPVersion

    /// Parses a request line without its CRLF. Exactly one SP separates the parts; the version is checked
    /// before the target, so an unsupported version is a 505 whatever its target.
    init(parsing line: ArraySlice<UInt8>) throws(HTTPParseError) {
        guard let methodEnd = line.firstIndex(where: { !ASCII.isTokenByte($0) }),
              methodEnd > line.startIndex, line[methodEnd] == ASCII.space
        else {
            throw .malformed("invalid method")
        }
        let targetStart = methodEnd + 1
        guard let targetEnd = line[targetStart...].firstIndex(of: ASCII.space), targetEnd > targetStart else {
            throw .malformed("invalid request line")
        }
        version = try HTTPVersion.parse(line[(targetEnd + 1)...])
        method = String(decoding: line[..<methodEnd], as: UTF8.self)
        let targetBytes = line[targetStart..<targetEnd]
        guard RequestTarget.isAcceptable(targetBytes, method: method) else {
            throw .malformed("invalid request target")
        }
        target = String(decoding: targetBytes, as: UTF8.self)
    }
}
