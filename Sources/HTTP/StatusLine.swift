/// A parsed status line: `HTTP-version SP status-code SP [ reason-phrase ]` (RFC 9112 §4).
struct StatusLine: Sendable {
    var version: HTTPVersion
    var status: HTTPStatus

    /// Parses a status line without its CRLF; the SP before an empty reason phrase may be missing.
    init(parsing line: ArraySlice<UInt8>) throws(HTTPParseError) {
        let start = line.startIndex
        guard line.count >= 12, line[start + 8] == ASCII.space else { throw .malformed("invalid status line") }
        version = try line[start..<(start + 8)].withUnsafeBufferPointer { (bytes) throws(HTTPParseError) in
            try HTTPVersion.parse(bytes)
        }
        var code = 0
        for byte in line[(start + 9)..<(start + 12)] {
            guard let digit = ASCII.decimalValue(byte) else { throw .malformed("invalid status code") }
            code = code * 10 + digit
        }
        guard code >= 100 else { throw .malformed("invalid status code") }
        let rest = line[(start + 12)...]
        guard rest.isEmpty || rest.first == ASCII.space, rest.allSatisfy(ASCII.isFieldValueByte) else {
            throw .malformed("invalid reason phrase")
        }
        status = HTTPStatus(code: code, reasonPhrase: String(decoding: rest.dropFirst(), as: UTF8.self))
    }
}
