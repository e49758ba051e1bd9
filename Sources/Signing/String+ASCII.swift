extension String {
    /// Whether the two strings are equal when ASCII letters are compared without case
    /// (how HTTP field names and media types compare).
    func equalsIgnoringASCIICase(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let compared = utf8.withContiguousStorageIfAvailable { lhs in
            other.utf8.withContiguousStorageIfAvailable { rhs in
                zip(lhs, rhs).allSatisfy { $0.asciiLowercased == $1.asciiLowercased }
            }
        }
        if let compared = compared ?? nil { return compared }
        return utf8.elementsEqual(other.utf8) { $0.asciiLowercased == $1.asciiLowercased }
    }

    /// The string without leading and trailing spaces and tabs (HTTP's optional whitespace).
    var trimmingOptionalWhitespace: String {
        let isContent = { (byte: UInt8) in byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") }
        let trimmed = utf8.withContiguousStorageIfAvailable { bytes in
            bytes.first.map(isContent) == true && bytes.last.map(isContent) == true
        }
        if trimmed == true { return self }
        guard let first = utf8.firstIndex(where: isContent), let last = utf8.lastIndex(where: isContent) else { return "" }
        guard first != startIndex || utf8.index(after: last) != endIndex else { return self }
        return String(self[first...last])
    }

    /// The string made from `bytes` when they are valid UTF-8; ASCII (the usual case) is checked
    /// without the generic validator.
    init?(validatingUTF8Bytes bytes: some Collection<UInt8>) {
        if bytes.allSatisfy({ $0 < 0x80 }) {
            self.init(decoding: bytes, as: UTF8.self)
        } else if let validated = String(validating: bytes, as: UTF8.self) {
            self = validated
        } else {
            return nil
        }
    }
}

extension UInt8 {
    /// The byte with `A`–`Z` mapped to `a`–`z`.
    var asciiLowercased: UInt8 {
        self >= UInt8(ascii: "A") && self <= UInt8(ascii: "Z") ? self + 32 : self
    }
}

extension UInt64 {
    /// The eight bytes of the word with `A`–`Z` mapped to `a`–`z`, all at once: a byte is an
    /// upper-case letter when its low 7 bits are at least `A` and below `[` and its high bit is clear.
    var asciiLowercased: UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low7 = self & (0x7F &* ones)
        // Each byte of these sums has its high bit set when the byte's low 7 bits reached the bound;
        // no sum carries into the next byte.
        let atLeastA = low7 &+ (0x80 - 0x41) &* ones
        let atLeastBracket = low7 &+ (0x80 - 0x5B) &* ones
        let isUpper = atLeastA & ~atLeastBracket & ~self & (0x80 &* ones)
        return self | (isUpper >> 2)
    }
}
