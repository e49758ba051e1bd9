extension String {
    /// A header value without surrounding spaces and tabs.
    var trimmedHeaderValue: String { String(Substring(self).trimmingWhitespace()) }

    /// The token of a `Bearer` credential (the scheme in any case), without surrounding spaces and
    /// tabs; nil for any other value.
    var bearerToken: Substring? {
        var text = self
        guard let bounds = text.withUTF8(Self.bearerTokenBounds) else { return nil }
        let start = utf8.index(utf8.startIndex, offsetBy: bounds.lowerBound)
        return self[start..<utf8.index(start, offsetBy: bounds.count)]
    }

    /// Where the token of a `Bearer` credential lies in `bytes` (UTF-8 offsets), found over raw bytes.
    private static func bearerTokenBounds(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        let scheme = "bearer ".utf8
        guard end - start > scheme.count else { return nil }
        for expected in scheme {
            let byte = bytes[start]
            guard ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte) == expected else { return nil }
            start += 1
        }
        while start < end, isSpace(bytes[start]) { start += 1 }
        return start..<end
    }
}
