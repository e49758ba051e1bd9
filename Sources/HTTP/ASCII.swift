/// Byte values and byte classes of the HTTP/1.1 grammar (RFC 9110 §5.6, RFC 9112).
enum ASCII {
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let colon = UInt8(ascii: ":")
    static let semicolon = UInt8(ascii: ";")
    static let comma = UInt8(ascii: ",")
    static let slash = UInt8(ascii: "/")
    static let questionMark = UInt8(ascii: "?")
    static let asterisk = UInt8(ascii: "*")

    /// `tchar` (RFC 9110 §5.6.2): the bytes of methods, header names and other tokens.
    @inline(__always)
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"),
             UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// `field-vchar`, SP or HTAB (RFC 9110 §5.5): everything but control characters and DEL.
    @inline(__always)
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= space && byte != 0x7F)
    }

    /// Visible US-ASCII (`VCHAR`), the bytes a request-target may hold.
    @inline(__always)
    static func isVisible(_ byte: UInt8) -> Bool {
        byte > space && byte < 0x7F
    }

    /// Optional whitespace (`OWS`): SP or HTAB.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    /// The value of a decimal digit, or nil.
    @inline(__always)
    static func decimalValue(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte &- UInt8(ascii: "0")) : nil
    }

    /// The value of a hexadecimal digit (either case), or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte &- UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte &- UInt8(ascii: "a") &+ 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte &- UInt8(ascii: "A") &+ 10)
        default: return nil
        }
    }

    /// The byte with ASCII upper-case letters mapped to lower case.
    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    /// Whether two byte sequences are equal, ignoring ASCII case.
    static func equalsIgnoringCase<A: Collection<UInt8>, B: Collection<UInt8>>(_ lhs: A, _ rhs: B) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs) { lowercased($0) == lowercased($1) }
    }

    /// Whether two strings are equal, ignoring ASCII case (header names, tokens). Strings of different
    /// lengths, the usual case in a header lookup, are told apart without reading their bytes.
    static func equalsIgnoringCase(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                var index = 0
                while index < left.count {
                    guard lowercased(left[index]) == lowercased(right[index]) else { return false }
                    index += 1
                }
                return true
            }
        }
    }

    /// `bytes` without leading and trailing SP and HTAB.
    static func trimmingWhitespace<C: BidirectionalCollection<UInt8>>(_ bytes: C) -> C.SubSequence {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isWhitespace(bytes[start]) {
            start = bytes.index(after: start)
        }
        while end > start, isWhitespace(bytes[bytes.index(before: end)]) {
            end = bytes.index(before: end)
        }
        return bytes[start..<end]
    }
}
