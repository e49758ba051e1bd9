import JSON

/// The fields of one log line, written into the line as they are added, in the logger's format:
/// a line makes no array of fields and no `LogValue` per field (`Logger.log(_:_:fields:)`).
///
/// Field names are literals of the caller's code (printable ASCII, no quote or backslash) and
/// are written as they are.
public struct LogFields: ~Copyable {
    /// The line so far: its time, level and message, then each field added.
    var bytes: ByteWriter
    private let format: Logger.Format

    /// Fields written after the end of `line`, which they take over until `finished()` gives it back.
    init(format: Logger.Format, continuing line: consuming ByteWriter) {
        self.format = format
        bytes = line
    }

    /// Adds the field `name` with the text `value` (in text lines, bare when it needs no quotes).
    /// A value written as it is (the usual case) goes in with its name in one copy.
    public mutating func add(_ name: StaticString, text value: String) {
        let format = format
        if format == .text, Self.isBare(value) {
            let copied: Void? = value.utf8.withContiguousStorageIfAvailable { utf8 in
                addField(name, valueCapacity: utf8.count) { $0.write(utf8) }
            }
            if copied == nil {
                addField(name, valueCapacity: 0) { _ in }
                bytes.write(utf8Of: value)
            }
        } else {
            JSONWriter.writeString(value, prefixCapacity: Self.nameCapacity(name), prefix: { Self.writeName(name, format, into: &$0) },
                                   into: &bytes)
        }
    }

    /// Adds the field `name` with the integer `value`.
    public mutating func add(_ name: StaticString, integer value: Int64) {
        addField(name, valueCapacity: FixedBufferWriter.integerCapacity) { $0.writeInteger(value) }
    }

    /// Adds the field `name` with `value` rounded to thousandths, such as a latency in milliseconds.
    public mutating func add(_ name: StaticString, thousandths value: Double) {
        addField(name, valueCapacity: FixedBufferWriter.thousandthsCapacity) { $0.writeThousandths(value) }
    }

    /// Adds the field `name` with `value`.
    public mutating func add(_ name: StaticString, _ value: LogValue) {
        switch value {
        case .text(let text): add(name, text: text)
        case .integer(let integer): add(name, integer: integer)
        case .thousandths(let measure): add(name, thousandths: measure)
        case .json(let json):
            addField(name, valueCapacity: 0) { _ in }
            var text: [UInt8] = []
            JSONWriter.write(json, into: &text)
            text.withUnsafeBufferPointer { bytes.write($0) }
        }
    }

    /// The line, ended.
    consuming func finished() -> ByteWriter {
        if format == .json { bytes.write(UInt8(ascii: "}")) }
        return bytes
    }

    /// Writes the field's name and then the value `writeValue` writes (at most `valueCapacity`
    /// bytes), in one copy.
    private mutating func addField(_ name: StaticString, valueCapacity: Int, _ writeValue: (inout FixedBufferWriter) -> Void) {
        let format = format
        bytes.write(atMost: Self.nameCapacity(name) + valueCapacity) { writer in
            Self.writeName(name, format, into: &writer)
            writeValue(&writer)
        }
    }

    /// The most bytes `writeName` writes.
    private static func nameCapacity(_ name: StaticString) -> Int {
        name.utf8CodeUnitCount + 4
    }

    /// Writes `,"name":` in JSON lines (a field always follows the time, level and message), ` name=` in text ones.
    private static func writeName(_ name: StaticString, _ format: Logger.Format, into writer: inout FixedBufferWriter) {
        switch format {
        case .json:
            writer.write(UInt8(ascii: ","))
            writer.write(UInt8(ascii: "\""))
            writer.write(name)
            writer.write(UInt8(ascii: "\""))
            writer.write(UInt8(ascii: ":"))
        case .text:
            writer.write(UInt8(ascii: " "))
            writer.write(name)
            writer.write(UInt8(ascii: "="))
        }
    }

    /// Whether a text-format value can be printed without quotes (logfmt): non-empty, with no
    /// space, quote, `=` or control character. Other values are written as JSON strings.
    private static func isBare(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 > 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "=") }
    }
}
