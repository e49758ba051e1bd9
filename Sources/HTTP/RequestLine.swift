/// A parsed request line: `method SP request-target SP HTTP-version` (RFC 9112 §3).
struct RequestLine: Sendable {
    var method: String
    var target: String
    var version: HTTPVersion

    /// A request line holding nothing: what a parser holds before it has read one.
    static var empty: RequestLine { RequestLine(method: "", target: "", version: .http1_1) }

    /// A request line of these parts, unchecked.
    private init(method: String, target: String, version: HTTPVersion) {
        self.method = method
        self.target = target
        self.version = version
    }

    /// Parses a request line without its CRLF. Exactly one SP separates the parts; the version is checked
    /// before the target, so an unsupported version is a 505 whatever its target.
    init(parsing line: ArraySlice<UInt8>) throws(HTTPParseError) {
        self = try line.withUnsafeBufferPointer { (line) throws(HTTPParseError) in try RequestLine(parsing: line) }
    }

    /// Parses the bytes of a request line, as `init(parsing:)` with a slice, by index over contiguous memory.
    private init(parsing line: UnsafeBufferPointer<UInt8>) throws(HTTPParseError) {
        var methodEnd = 0
        while methodEnd < line.count, ASCII.isTokenByte(line[methodEnd]) {
            methodEnd += 1
        }
        guard methodEnd > 0, methodEnd < line.count, line[methodEnd] == ASCII.space else {
            throw .malformed("invalid method")
        }
        let targetStart = methodEnd + 1
        var targetEnd = targetStart
        while targetEnd < line.count, line[targetEnd] != ASCII.space {
            targetEnd += 1
        }
        guard targetEnd < line.count, targetEnd > targetStart else {
            throw .malformed("invalid request line")
        }
        version = try HTTPVersion.parse(UnsafeBufferPointer(rebasing: line[(targetEnd + 1)...]))
        method = ASCII.string(UnsafeBufferPointer(rebasing: line[..<methodEnd]))  // token bytes
        let targetBytes = UnsafeBufferPointer(rebasing: line[targetStart..<targetEnd])
        guard RequestTarget.isAcceptable(targetBytes, method: method) else {
            throw .malformed("invalid request target")
        }
        target = ASCII.string(targetBytes)  // visible ASCII, as accepted
    }
}
