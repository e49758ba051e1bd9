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
    /// One bit per ASCII byte, read from two 64-bit masks: a select, a shift and a test instead of
    /// a range comparison per class.
    @inline(__always)
    static func isTokenByte(_ byte: UInt8) -> Bool {
        let mask = byte < 64 ? tokenBytesBelow64 : tokenBytesFrom64
        return byte < 128 && mask &>> UInt64(byte & 63) & 1 != 0
    }

    /// The `tchar` bytes 0 to 63, bit n for byte n: `!#$%&'*+-.` and the digits.
    private static let tokenBytesBelow64: UInt64 = 0x03FF_6CFA_0000_0000
    /// The `tchar` bytes 64 to 127, bit n for byte 64 + n: the letters and `^_`|~`.
    private static let tokenBytesFrom64: UInt64 = 0x57FF_FFFF_C7FF_FFFE

    /// `field-vchar`, SP or HTAB (RFC 9110 §5.5): everything but control characters and DEL.
    @inline(__always)
    static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= space && byte != 0x7F)
    }

    /// Whether every byte of `bytes` is a field-value byte (`isFieldValueByte`), and whether all are ASCII.
    ///
    /// Reads eight bytes at a time, the last word overlapping the one before it when the length is not
    /// a multiple of eight: one word test finds whether any of its bytes is below SP or is DEL (exact,
    /// borrows only add false alarms above a true hit), and only such a word, usually one holding an
    /// HTAB, is checked byte by byte. Values shorter than a word are checked byte by byte.
    static func scanFieldValue(_ bytes: UnsafeBufferPointer<UInt8>) -> (isValid: Bool, isASCII: Bool) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits = 0x80 &* ones
        var seen: UInt64 = 0
        guard bytes.count >= 8, let base = bytes.baseAddress else {
            for byte in bytes {
                guard isFieldValueByte(byte) else { return (false, false) }
                seen |= UInt64(byte)
            }
            return (true, seen & highBits == 0)
        }
        let lastWord = bytes.count - 8
        var offset = 0
        while true {
            let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let belowSpace = (word &- 0x20 &* ones) & ~word
            let deleteBits = word ^ (0x7F &* ones)
            let isDelete = (deleteBits &- ones) & ~deleteBits
            if (belowSpace | isDelete) & highBits != 0 {
                for index in offset..<(offset + 8) where !isFieldValueByte(bytes[index]) {
                    return (false, false)
                }
            }
            seen |= word
            if offset == lastWord { return (true, seen & highBits == 0) }
            offset = min(offset + 8, lastWord)
        }
    }

    /// The text of `bytes`, which are known to be ASCII: a short text is made without UTF-8 validation.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { text in
            UnsafeMutableRawBufferPointer(text).copyMemory(from: UnsafeRawBufferPointer(bytes))
            return bytes.count
        }
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
