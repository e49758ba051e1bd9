/// Appends the parts of an HTTP/1.1 message head to a byte buffer.
enum MessageWriter {
    /// Appends `HTTP/major.minor`.
    static func writeVersion(_ version: HTTPVersion, into buffer: inout [UInt8]) {
        buffer.append(contentsOf: "HTTP/".utf8)
        writeDecimal(version.major, into: &buffer)
        buffer.append(UInt8(ascii: "."))
        writeDecimal(version.minor, into: &buffer)
    }

    /// Appends a non-negative integer in decimal (negative values are written as 0).
    static func writeDecimal(_ value: Int, into buffer: inout [UInt8]) {
        let value = max(0, value)
        var divisor = 1
        while divisor <= value / 10 {
            divisor *= 10
        }
        while divisor > 0 {
            buffer.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }

    /// Appends `name: value CRLF`. A name that is not a token is skipped, and control characters in the
    /// value (CR, LF, NUL, ...) are written as SP, so a field can never split the message.
    static func writeField(name: String, value: String, into buffer: inout [UInt8]) {
        var name = name
        name.withUTF8 { name in
            guard !name.isEmpty, name.allSatisfy(ASCII.isTokenByte) else { return }
            buffer.append(contentsOf: name)
            buffer.append(ASCII.colon)
            buffer.append(ASCII.space)
            writeText(value, into: &buffer)
            writeLineEnd(into: &buffer)
        }
    }

    /// Appends a field value or reason phrase, writing control characters (CR, LF, NUL, ...) as SP.
    static func writeText(_ text: String, into buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            if bytes.allSatisfy(ASCII.isFieldValueByte) {
                buffer.append(contentsOf: bytes)
            } else {
                buffer.append(contentsOf: bytes.lazy.map { ASCII.isFieldValueByte($0) ? $0 : ASCII.space })
            }
        }
    }

    /// Appends the caller's fields except those of the names in `managed`.
    static func writeFields(_ headers: HTTPHeaders, except managed: [String], into buffer: inout [UInt8]) {
        for field in headers.fields where !managed.contains(where: { ASCII.equalsIgnoringCase($0, field.name) }) {
            writeField(name: field.name, value: field.value, into: &buffer)
        }
    }

    /// Appends `Content-Length: length CRLF`.
    static func writeContentLength(_ length: Int, into buffer: inout [UInt8]) {
        buffer.append(contentsOf: "Content-Length: ".utf8)
        writeDecimal(length, into: &buffer)
        writeLineEnd(into: &buffer)
    }

    /// Appends CR LF.
    static func writeLineEnd(into buffer: inout [UInt8]) {
        buffer.append(ASCII.cr)
        buffer.append(ASCII.lf)
    }
}
