extension JSONReader {
    /// Reads a string starting at its opening quote: validates UTF-8 and decodes escapes.
    ///
    /// Strings without escapes (the common case) are made straight from the input bytes.
    mutating func readString() throws(JSONError) -> String {
        index += 1
        let start = index
        var decoded: [UInt8] = []
        var hasEscapes = false
        var runStart = start
        while true {
            guard index < bytes.count else { throw error("unterminated string", at: start - 1) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let run = UnsafeRawBufferPointer(rebasing: bytes[runStart..<index])
                index += 1
                guard hasEscapes else { return String(decoding: run, as: UTF8.self) }
                decoded.append(contentsOf: run)
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                hasEscapes = true
                decoded.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
                try readEscape(into: &decoded)
                runStart = index
            case 0..<0x20:
                throw error("unescaped control character in a string")
            case 0x20..<0x80:
                index += 1
            default:
                try skipUTF8Sequence()
            }
        }
    }

    /// Decodes the escape sequence at `index` (a backslash) and appends its UTF-8.
    private mutating func readEscape(into output: inout [UInt8]) throws(JSONError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw error("unterminated string", at: escapeStart) }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(letter)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"): appendUTF8(of: try readUnicodeEscape(startingAt: escapeStart), to: &output)
        default: throw error("invalid escape sequence", at: escapeStart)
        }
    }

    /// The scalar of a `\uXXXX` escape (the `\u` already read), joining a surrogate pair.
    private mutating func readUnicodeEscape(startingAt escapeStart: Int) throws(JSONError) -> UInt32 {
        let first = try readHexQuad(escapeStart: escapeStart)
        switch first {
        case 0xD800...0xDBFF:
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("high surrogate not followed by a low surrogate", at: escapeStart)
            }
            let secondStart = index
            index += 2
            let second = try readHexQuad(escapeStart: secondStart)
            guard (0xDC00...0xDFFF).contains(second) else {
                throw error("high surrogate not followed by a low surrogate", at: escapeStart)
            }
            return 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        case 0xDC00...0xDFFF:
            throw error("lone low surrogate", at: escapeStart)
        default:
            return first
        }
    }

    private mutating func readHexQuad(escapeStart: Int) throws(JSONError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("incomplete \\u escape", at: escapeStart) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid hex digit in a \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func appendUTF8(of scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(0xC0 | UInt8(scalar >> 6))
            output.append(0x80 | UInt8(scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(0xE0 | UInt8(scalar >> 12))
            output.append(0x80 | UInt8(scalar >> 6 & 0x3F))
            output.append(0x80 | UInt8(scalar & 0x3F))
        default:
            output.append(0xF0 | UInt8(scalar >> 18))
            output.append(0x80 | UInt8(scalar >> 12 & 0x3F))
            output.append(0x80 | UInt8(scalar >> 6 & 0x3F))
            output.append(0x80 | UInt8(scalar & 0x3F))
        }
    }

    /// Steps over one well-formed multi-byte UTF-8 sequence (RFC 3629: no overlong forms,
    /// no encoded surrogates, nothing above U+10FFFF).
    private mutating func skipUTF8Sequence() throws(JSONError) {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw error("invalid UTF-8")
        }
        guard bytes.count - index >= length, secondRange.contains(bytes[index + 1]) else { throw error("invalid UTF-8") }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
            throw error("invalid UTF-8")
        }
        index += length
    }
}
