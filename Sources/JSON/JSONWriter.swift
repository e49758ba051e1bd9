/// Writes JSON as UTF-8 straight into a byte buffer: compact by default, numbers as their text,
/// object members in order, strings escaped minimally (`"`, `\` and control characters; `/` and
/// non-ASCII text are written as they are).
public enum JSONWriter {
    /// Appends the compact serialization of `value` to `buffer`: each member's comma and name go in
    /// one copy, with no pretty-printing level carried through (the path every answer takes).
    public static func write(_ value: JSONValue, into buffer: inout [UInt8]) {
        switch value {
        case .array(let elements):
            buffer.append(UInt8(ascii: "["))
            for index in elements.indices {
                if index > elements.startIndex { buffer.append(UInt8(ascii: ",")) }
                write(elements[index], into: &buffer)
            }
            buffer.append(UInt8(ascii: "]"))
        case .object(let object):
            buffer.append(UInt8(ascii: "{"))
            var separated = false
            for member in object {
                writeString(member.key, prefixCapacity: 1, prefix: { [separated] in if separated { $0.write(UInt8(ascii: ",")) } }, into: &buffer)
                buffer.append(UInt8(ascii: ":"))
                separated = true
                write(member.value, into: &buffer)
            }
            buffer.append(UInt8(ascii: "}"))
        case .null: buffer.append(contentsOf: "null".utf8)
        case .bool(let bool): buffer.append(contentsOf: bool ? "true".utf8 : "false".utf8)
        case .number(let number): buffer.append(utf8Of: number.text)
        case .string(let string): writeString(string, into: &buffer)
        }
    }

    /// The serialization of `value`; `pretty` puts each member and element on its own line,
    /// indented by two spaces, with `": "` after member names.
    public static func serialize(_ value: JSONValue, pretty: Bool = false) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(256)
        if pretty {
            writePretty(value, into: &buffer, level: 0)
        } else {
            write(value, into: &buffer)
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// Writes `value` pretty-printed, its members and elements indented one step past `level`.
    private static func writePretty(_ value: JSONValue, into buffer: inout [UInt8], level: Int) {
        switch value {
        case .null, .bool, .number, .string:
            write(value, into: &buffer)  // a value that holds no other reads the same either way
        case .array(let elements):
            writePrettyContainer(elements, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), into: &buffer, level: level) { element, buffer in
                writePretty(element, into: &buffer, level: level + 1)
            }
        case .object(let object):
            writePrettyContainer(object, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), into: &buffer, level: level) { member, buffer in
                writeString(member.key, into: &buffer)
                buffer.append(contentsOf: ": ".utf8)
                writePretty(member.value, into: &buffer, level: level + 1)
            }
        }
    }

    /// Writes the brackets, separators and line breaks around `items`, each on its own line one
    /// step past `level`.
    private static func writePrettyContainer<Items: Sequence>(
        _ items: Items, open: UInt8, close: UInt8, into buffer: inout [UInt8], level: Int,
        writeItem: (Items.Element, inout [UInt8]) -> Void
    ) {
        buffer.append(open)
        var isFirst = true
        for item in items {
            if !isFirst { buffer.append(UInt8(ascii: ",")) }
            isFirst = false
            newline(indentedBy: level + 1, into: &buffer)
            writeItem(item, &buffer)
        }
        if !isFirst { newline(indentedBy: level, into: &buffer) }
        buffer.append(close)
    }

    private static func newline(indentedBy level: Int, into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\n"))
        buffer.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `string` in double quotes, escaped as `write(.string(string), into:)` escapes it.
    /// A string with nothing to escape (the usual case) is copied at once.
    public static func writeString(_ string: String, into buffer: inout [UInt8]) {
        writeString(string, prefixCapacity: 0, prefix: { _ in }, into: &buffer)
    }

    /// Appends what `writePrefix` writes (at most `prefixCapacity` bytes, such as a member's name)
    /// and then `string` as `writeString(_:into:)` writes it: in one copy when the string has
    /// nothing to escape and contiguous storage (a native string), the usual case.
    public static func writeString(
        _ string: String, prefixCapacity: Int, prefix writePrefix: (inout FixedBufferWriter) -> Void, into buffer: inout [UInt8]
    ) {
        let copied = string.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard !needsEscaping(utf8) else { return false }
            buffer.append(atMost: prefixCapacity + utf8.count + 2) { writeQuoted(utf8, after: writePrefix, into: &$0) }
            return true
        }
        if copied != true {
            buffer.append(atMost: prefixCapacity, writePrefix)
            writeEscaped(string, into: &buffer)
        }
    }

    /// Writes what `writePrefix` writes (at most `prefixCapacity` bytes) and then `string` as
    /// `writeString(_:into:)` writes it, in place when the string has nothing to escape.
    public static func writeString(
        _ string: String, prefixCapacity: Int, prefix writePrefix: (inout FixedBufferWriter) -> Void, into writer: inout ByteWriter
    ) {
        var string = string
        let copied = string.withUTF8 { utf8 -> Bool in
            guard !needsEscaping(utf8) else { return false }
            writer.write(atMost: prefixCapacity + utf8.count + 2) { writeQuoted(utf8, after: writePrefix, into: &$0) }
            return true
        }
        if !copied {
            var escaped: [UInt8] = []
            writeEscaped(string, into: &escaped)
            writer.write(atMost: prefixCapacity, writePrefix)
            escaped.withUnsafeBufferPointer { writer.write($0) }
        }
    }

    /// Writes what `writePrefix` writes, then `utf8` (nothing to escape in it) in double quotes.
    private static func writeQuoted(
        _ utf8: UnsafeBufferPointer<UInt8>, after writePrefix: (inout FixedBufferWriter) -> Void, into writer: inout FixedBufferWriter
    ) {
        writePrefix(&writer)
        writer.write(UInt8(ascii: "\""))
        writer.write(utf8)
        writer.write(UInt8(ascii: "\""))
    }

    /// Writes `string` in double quotes, copying runs that need no escaping in one go.
    private static func writeEscaped(_ string: String, into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            var offset = 0
            while offset < utf8.count {
                let byte = utf8[offset]
                offset += 1
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<(offset - 1)]))
                runStart = offset
                buffer.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): buffer.append(byte)
                case 0x0A: buffer.append(UInt8(ascii: "n"))
                case 0x0D: buffer.append(UInt8(ascii: "r"))
                case 0x09: buffer.append(UInt8(ascii: "t"))
                case 0x08: buffer.append(UInt8(ascii: "b"))
                case 0x0C: buffer.append(UInt8(ascii: "f"))
                default:
                    buffer.append(contentsOf: "u00".utf8)
                    buffer.append(hexDigits[Int(byte >> 4)])
                    buffer.append(hexDigits[Int(byte & 0x0F)])
                }
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Whether `utf8` holds a byte a JSON string must escape: a control character, `"` or `\`.
    /// Looks at eight bytes at a time.
    private static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(utf8)
        guard raw.count >= 8 else {
            // Fewer than eight bytes: one word, the missing bytes spaces (which need no escaping).
            var word: UInt64 = 0x2020_2020_2020_2020
            withUnsafeMutableBytes(of: &word) { $0.copyMemory(from: raw) }
            return needsEscaping(word: word)
        }
        var offset = 0
        while offset + 8 <= raw.count {
            if needsEscaping(word: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) { return true }
            offset += 8
        }
        // The last bytes: the word that ends the text (it overlaps bytes already looked at).
        return offset < raw.count && needsEscaping(word: raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self))
    }

    /// Whether one of the eight bytes of `word` is below 0x20, `"` or `\`: `(x - n) & ~x` has a
    /// byte's high bit set for a byte below `n` (n ≤ 0x80), and an equal byte is zero after `^`.
    private static func needsEscaping(word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        func hasByteBelow(_ limit: UInt64, in word: UInt64) -> Bool {
            (word &- ones &* limit) & ~word & highBits != 0
        }
        return hasByteBelow(0x20, in: word) || hasByteBelow(1, in: word ^ (ones &* 0x22))
            || hasByteBelow(1, in: word ^ (ones &* 0x5C))
    }
}
