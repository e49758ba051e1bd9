/// A JSON number kept as its source text, so that `2`, `2.0` and `1e16` stay distinguishable
/// and can be rendered exactly as the client that sent them would.
public struct JSONNumber: Sendable, Equatable {
    /// The number as written in the document (always valid JSON number syntax).
    public let text: String
    /// Whether the text has neither a fraction nor an exponent (`36`, `-1`), i.e. a Swift `Int` on the client.
    public let isInteger: Bool

    /// The number as an `Int64`: integer text that fits, or a double without a fractional part
    /// (`2.0`, `1e3`) that fits; nil otherwise (integer text out of range is never rounded into it).
    public var int64Value: Int64? {
        if isInteger { return Int64(text) }
        guard let double = doubleValue, double.rounded(.towardZero) == double,
              double >= -9_223_372_036_854_775_808.0, double < 9_223_372_036_854_775_808.0 else { return nil }
        return Int64(double)
    }

    /// The number as the nearest `Double`, or nil when it is out of `Double`'s finite range.
    public var doubleValue: Double? {
        guard let double = Double(text), double.isFinite else { return nil }
        return double
    }

    /// An integer, written in decimal.
    public init(_ int: Int64) {
        text = String(int)
        isInteger = true
    }

    /// An integer, written in decimal (so that `JSONNumber(5)` picks this rather than the `Double` form).
    public init(_ int: Int) {
        self.init(Int64(int))
    }

    /// A double, written as Swift's shortest round-trip description (`1.5`, `2.0`, `1e+16`).
    ///
    /// JSON has no form for infinities and NaN: those are written as `null`.
    public init(_ double: Double) {
        text = double.isFinite ? double.description : "null"
        isInteger = false
    }

    /// The number spelled by `text`, or nil when `text` is not exactly one JSON number.
    public init?(text: String) {
        var text = text
        let scanned = text.withUTF8 { buffer in
            JSONNumber.scan(UnsafeRawBufferPointer(buffer), at: 0)
        }
        guard case .number(let end, let isInteger) = scanned, end == text.utf8.count else { return nil }
        self.text = text
        self.isInteger = isInteger
    }

    init(validatedText: String, isInteger: Bool) {
        self.text = validatedText
        self.isInteger = isInteger
    }
}

extension JSONNumber {
    /// The outcome of scanning for a number at some offset.
    enum Scan {
        /// A number ends (exclusive) at `end`.
        case number(end: Int, isInteger: Bool)
        /// The text at `offset` breaks the number grammar.
        case invalid(offset: Int, reason: String)
    }

    /// Scans RFC 8259's `number` production starting at `start`.
    static func scan(_ bytes: UnsafeRawBufferPointer, at start: Int) -> Scan {
        var index = start
        func digit(at position: Int) -> Bool {
            position < bytes.count && bytes[position] >= UInt8(ascii: "0") && bytes[position] <= UInt8(ascii: "9")
        }
        func skipDigits() { while digit(at: index) { index += 1 } }

        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digit(at: index) else { return .invalid(offset: index, reason: "expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if digit(at: index) { return .invalid(offset: index, reason: "leading zeros are not allowed") }
        } else {
            skipDigits()
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digit(at: index) else { return .invalid(offset: index, reason: "expected a digit after '.'") }
            skipDigits()
            isInteger = false
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digit(at: index) else { return .invalid(offset: index, reason: "expected a digit in the exponent") }
            skipDigits()
            isInteger = false
        }
        return .number(end: index, isInteger: isInteger)
    }
}
