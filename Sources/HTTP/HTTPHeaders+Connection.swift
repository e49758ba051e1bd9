extension HTTPHeaders {
    /// Whether the connection stays open after a message with these headers (RFC 9112 §9.3):
    /// a `close` option always ends it; otherwise HTTP/1.1 persists, and HTTP/1.0 only with `keep-alive`.
    func keepsAlive(version: HTTPVersion) -> Bool {
        var close = false
        var keepAlive = false
        let connection = FieldLookup.connection
        for field in fields where field.isNamed(connection) {
            for option in field.value.utf8.split(separator: ASCII.comma) {
                let trimmed = ASCII.trimmingWhitespace(option)
                if ASCII.equalsIgnoringCase(trimmed, "close".utf8) {
                    close = true
                } else if ASCII.equalsIgnoringCase(trimmed, "keep-alive".utf8) {
                    keepAlive = true
                }
            }
        }
        if close { return false }
        return version.persistsByDefault || keepAlive
    }
}
