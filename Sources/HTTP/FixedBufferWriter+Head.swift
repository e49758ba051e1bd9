import JSON

/// What a message head needs of `FixedBufferWriter` (memory sized for the head in advance, then
/// handed over in one copy): field values written safely, whole fields.
extension FixedBufferWriter {
    /// How much memory a head needs beyond its texts: the version, status code, framing fields, line
    /// ends and separators, with every number at its longest.
    static let headFixedCapacity = 160

    /// Writes a field value or reason phrase, control characters (CR, LF, NUL, ...) as SP.
    mutating func writeText(_ text: String) {
        var text = text
        text.withUTF8 { writeText($0) }
    }

    /// Writes field-value bytes, control characters (CR, LF, NUL, ...) as SP.
    mutating func writeText(_ bytes: UnsafeBufferPointer<UInt8>) {
        if ASCII.scanFieldValue(bytes).isValid {
            write(bytes)
        } else {
            for byte in bytes { write(ASCII.isFieldValueByte(byte) ? byte : ASCII.space) }
        }
    }

    /// Writes `name: value CRLF`. A name that is not a token is skipped, and control characters in the
    /// value are written as SP, so a field can never split the message.
    mutating func writeField(name: String, value: String) {
        var name = name
        name.withUTF8 { name in
            guard !name.isEmpty, name.allSatisfy(ASCII.isTokenByte) else { return }
            write(name)
            write(": ")
            writeText(value)
            write("\r\n")
        }
    }
}
