import JSON

/// The fields of one log line, written into the line as they are added, in the logger's format:
/// a line makes no array of fields and no `LogValue` per field (`Logger.log(_:_:fields:)`).
///
/// Field names are literals of the caller's code (printable ASCII, no quote or backslash) and
/// are written as they are.
public struct LogFields: ~Copyable {
    /// The line so far: its time, level and message, then each field added.
    var bytes: [UInt8]
    private let format: Logger.Format

    /// Fields written after the end of `line`, which they take over until `finish(into:)`.
    init(format: Logger.Format, continuing line: inout [UInt8]) {
        self.format = format
        bytes = []
        swap(&bytes, &line)
    }

    /// Adds the field `name` with the text `value` (in text lines, bare when it needs no quotes).
    public mutating func add(_ name: StaticString, text value: String) {
        addName(name)
        if format == .text, Self.isBare(value) {
            bytes.append(utf8Of: value)
        } else {
            JSONWriter.writeString(value, into: &bytes)
        }
    }

    /// Adds the field `name` with the integer `value`.
    public mutating func add(_ name: StaticString, integer value: Int64) {
        addName(name)
        JSONWriter.writeInteger(value, into: &bytes)
    }

    /// Adds the field `name` with `value` rounded to thousandths, such as a latency in milliseconds.
    public mutating func add(_ name: StaticString, thousandths value: Double) {
        addName(name)
        JSONWriter.writeThousandths(value, into: &bytes)
    }

    /// Adds the field `name` with `value`.
    public mutating func add(_ name: StaticString, _ value: LogValue) {
        switch value {
        case .text(let text): add(name, text: text)
        case .integer(let integer): add(name, integer: integer)
        case .thousandths(let measure): add(name, thousandths: measure)
        case .json(let json):
            addName(name)
            JSONWriter.write(json, into: &bytes)
        }
    }

    /// Gives the line back to `line`, ended.
    consuming func finish(into line: inout [UInt8]) {
        swap(&bytes, &line)
        if format == .json { line.append(UInt8(ascii: "}")) }
    }

    /// `,"name":` in JSON lines (a field always follows the time, level and message), ` name=` in text ones.
    private mutating func addName(_ name: StaticString) {
        switch format {
        case .json:
            // Bytes one by one: an append of a few bytes costs less than one of a literal.
            bytes.append(UInt8(ascii: ","))
            bytes.append(UInt8(ascii: "\""))
            bytes.append(literal: name)
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UInt8(ascii: ":"))
        case .text:
            bytes.append(UInt8(ascii: " "))
            bytes.append(literal: name)
            bytes.append(UInt8(ascii: "="))
        }
    }

    /// Whether a text-format value can be printed without quotes (logfmt): non-empty, with no
    /// space, quote, `=` or control character. Other values are written as JSON strings.
    private static func isBare(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 > 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "=") }
    }
}
