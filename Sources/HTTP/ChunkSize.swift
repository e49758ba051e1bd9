/// The size on a chunk-size line of the chunked coding (RFC 9112 §7.1).
enum ChunkSize: Equatable {
    /// The chunk's size in bytes (0 for the last chunk); `Int.max` when it does not fit an `Int`.
    case size(Int)
    /// The line is not `1*HEXDIG [ BWS ";" chunk-ext ]`.
    case malformed

    /// Parses a chunk-size line without its CRLF. Extensions are skipped, but must be free of control
    /// characters (HTAB aside).
    static func parse(_ line: ArraySlice<UInt8>) -> ChunkSize {
        var index = line.startIndex
        var size = 0
        while index < line.endIndex, let digit = ASCII.hexValue(line[index]) {
            size = size > (Int.max - digit) >> 4 ? Int.max : size << 4 | digit
            index += 1
        }
        guard index > line.startIndex else { return .malformed }
        let extensions = line[index...].drop(while: ASCII.isWhitespace)
        if let first = extensions.first {
            guard first == ASCII.semicolon, extensions.allSatisfy(ASCII.isFieldValueByte) else { return .malformed }
        }
        return .size(size)
    }
}
