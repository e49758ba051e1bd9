/// The forms of a request-target (RFC 9112 §3.2) this server accepts, and how a path and query are derived.
enum RequestTarget {
    /// Whether `bytes` is a request-target the parser accepts for `method`: origin-form ("/path?query"),
    /// asterisk-form ("*", OPTIONS only) or absolute-form ("scheme://authority/path?query").
    /// Every byte must be visible ASCII; authority-form (CONNECT) is refused.
    static func isAcceptable(_ bytes: UnsafeBufferPointer<UInt8>, method: String) -> Bool {
        guard let first = bytes.first, bytes.allSatisfy(ASCII.isVisible) else { return false }
        if first == ASCII.slash { return true }
        if first == ASCII.asterisk { return bytes.count == 1 && method == "OPTIONS" }
        guard let authorityStart = authorityStart(bytes) else { return false }
        return authorityStart < bytes.endIndex
            && bytes[authorityStart] != ASCII.slash
            && bytes[authorityStart] != ASCII.questionMark
    }

    /// Splits a target into its path (before '?', without the scheme and authority of an absolute-form
    /// target) and its raw query (after the first '?', nil without one).
    static func split(_ target: String) -> (path: String, query: String?) {
        let utf8 = target.utf8
        let (pathStart, pathEnd, queryMark) = utf8.withContiguousStorageIfAvailable(pathBounds)
            ?? Array(utf8).withUnsafeBufferPointer(pathBounds)
        let index = { (offset: Int) in utf8.index(utf8.startIndex, offsetBy: offset) }
        let path: String
        if pathStart == pathEnd {
            path = "/"
        } else if pathStart == 0 && pathEnd == utf8.count {
            path = target
        } else {
            path = String(target[index(pathStart)..<index(pathEnd)])
        }
        let query = queryMark.map { String(target[index($0 + 1)...]) }
        return (path, query)
    }

    /// The offsets in a target's bytes where its path starts and ends, and of its first '?' (nil without one).
    private static func pathBounds(_ bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int, queryMark: Int?) {
        var start = 0
        if let authority = authorityStart(bytes) {
            start = bytes[authority...].firstIndex { $0 == ASCII.slash || $0 == ASCII.questionMark } ?? bytes.count
        }
        let queryMark = bytes[start...].firstIndex(of: ASCII.questionMark)
        return (start, queryMark ?? bytes.count, queryMark)
    }

    /// Where the authority starts when `bytes` begin with `scheme "://"`
    /// (scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), RFC 3986 §3.1), else nil.
    private static func authorityStart<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bytes.Index? {
        var index = bytes.startIndex
        guard index < bytes.endIndex, isLetter(bytes[index]) else { return nil }
        while index < bytes.endIndex, isSchemeByte(bytes[index]) {
            bytes.formIndex(after: &index)
        }
        for expected in "://".utf8 {
            guard index < bytes.endIndex, bytes[index] == expected else { return nil }
            bytes.formIndex(after: &index)
        }
        return index
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        ASCII.lowercased(byte) >= UInt8(ascii: "a") && ASCII.lowercased(byte) <= UInt8(ascii: "z")
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || ASCII.decimalValue(byte) != nil
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
