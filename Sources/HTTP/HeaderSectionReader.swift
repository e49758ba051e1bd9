/// Reads the field lines of a header or trailer section (RFC 9112 §5) one at a time,
/// enforcing the section's byte and field-count limits as the bytes arrive.
struct HeaderSectionReader: Sendable {
    /// What `nextField(from:)` found.
    enum Step {
        /// A field line; the ranges of its name and trimmed value in the input's `storage`,
        /// valid until the next append, and whether the value is ASCII (the name always is).
        case field(name: Range<Int>, value: Range<Int>, valueIsASCII: Bool)
        /// The empty line that ends the section.
        case end
        /// More bytes are needed.
        case needMore
        /// The section is invalid or too large.
        case failure(HTTPParseError)
    }

    private let maxBytes: Int
    private let maxCount: Int
    private var usedBytes = 0
    private var fieldCount = 0

    /// Creates a reader for one section under `limits`.
    init(limits: HTTPLimits) {
        maxBytes = limits.maxHeaderBytes
        maxCount = limits.maxHeaderCount
    }

    /// Reads the next field line, or the end of the section.
    mutating func nextField(from input: inout ByteInput) -> Step {
        switch input.nextLine(maxBytes: maxBytes - usedBytes) {
        case .incomplete:
            return .needMore
        case .tooLong:
            return .failure(.headersTooLarge)
        case .bareLineFeed:
            return .failure(.malformed("bare LF in header section"))
        case .line(let line):
            usedBytes += line.count + 2
            if line.isEmpty { return .end }
            fieldCount += 1
            guard fieldCount <= maxCount else { return .failure(.headersTooLarge) }
            return input.storage.withUnsafeBufferPointer { storage in
                Self.split(UnsafeBufferPointer(rebasing: storage[line]), at: line.lowerBound)
            }
        }
    }

    /// Splits `field-name ":" OWS field-value OWS`, refusing obs-fold, whitespace before the colon,
    /// and control characters (NUL, CR, LF, ...) in the value. `line` starts at `offset` in the input.
    private static func split(_ line: UnsafeBufferPointer<UInt8>, at offset: Int) -> Step {
        guard let first = line.first, !ASCII.isWhitespace(first) else {
            return .failure(.malformed("obsolete line folding"))
        }
        var colon = 0
        while colon < line.count, ASCII.isTokenByte(line[colon]) {
            colon += 1
        }
        guard colon > 0, colon < line.count, line[colon] == ASCII.colon else {
            return .failure(.malformed("invalid header name"))
        }
        var valueStart = colon + 1
        var valueEnd = line.count
        while valueStart < valueEnd, ASCII.isWhitespace(line[valueStart]) {
            valueStart += 1
        }
        while valueEnd > valueStart, ASCII.isWhitespace(line[valueEnd - 1]) {
            valueEnd -= 1
        }
        let value = ASCII.scanFieldValue(UnsafeBufferPointer(rebasing: line[valueStart..<valueEnd]))
        guard value.isValid else {
            return .failure(.malformed("invalid header value"))
        }
        return .field(name: offset..<(offset + colon), value: (offset + valueStart)..<(offset + valueEnd),
                      valueIsASCII: value.isASCII)
    }
}
