/// Writes one JSON object member by member, in order, straight into UTF-8 bytes: no tree of
/// values to make and free, no `String` to validate. The envelope, the journal and the JSON log
/// all write their objects this way; strings that need no escaping (almost all) are copied at once.
///
/// Member names given as `StaticString` are literals of the caller's code: plain ASCII with no
/// quote, backslash or control character, written as they are. Names known only at run time go
/// through `MemberName`, which escapes them.
///
/// A writer cannot be copied: `finished()` then always takes its bytes over rather than copying
/// them (a copyable writer passed to it was copied, and its closing brace made a second buffer:
/// about 500 instructions per API answer).
public struct JSONObjectWriter: ~Copyable {
    /// A member name known only at run time (a header name), escaped once to be added many times.
    public struct MemberName: Sendable {
        /// `"name":`.
        fileprivate let text: [UInt8]

        /// The member name `name`, escaped as `JSONWriter` escapes strings.
        public init(_ name: String) {
            var text: [UInt8] = []
            JSONWriter.writeString(name, into: &text)
            text.append(UInt8(ascii: ":"))
            self.text = text
        }
    }

    private var bytes: [UInt8]
    private var hasMembers = false

    /// An empty object, with room for about `capacity` bytes.
    public init(capacity: Int = 64) {
        bytes = []
        bytes.reserveCapacity(capacity)
        bytes.append(UInt8(ascii: "{"))
    }

    /// An object written on after the end of `text`, which it takes over until it is given back.
    private init(continuing text: inout [UInt8]) {
        bytes = []
        swap(&bytes, &text)
        bytes.append(UInt8(ascii: "{"))
    }

    /// Appends to `buffer` an object whose members `fill` adds.
    public static func write(into buffer: inout [UInt8], _ fill: (inout JSONObjectWriter) -> Void) {
        var object = JSONObjectWriter(continuing: &buffer)
        fill(&object)
        swap(&buffer, &object.bytes)
        buffer.append(UInt8(ascii: "}"))
    }

    /// Appends the member `name` with `value`.
    public mutating func add(_ name: StaticString, _ value: JSONValue) {
        addName(name)
        JSONWriter.write(value, into: &bytes)
    }

    /// Appends the member `name` with the string `value`, or `null` when it is nil.
    public mutating func add(_ name: StaticString, string value: String?) {
        guard let value else { return addNull(name) }
        let separated = takeSeparator(before: name)
        JSONWriter.writeString(value, prefixCapacity: Self.nameCapacity(name), prefix: { Self.writeName(name, separated: separated, into: &$0) },
                               into: &bytes)
    }

    /// Appends the member `name` with the integer `value`, or `null` when it is nil.
    public mutating func add(_ name: StaticString, integer value: Int64?) {
        guard let value else { return addNull(name) }
        addMember(name, valueCapacity: FixedBufferWriter.integerCapacity) { $0.writeInteger(value) }
    }

    /// Appends the member `name` with `value` rounded to thousandths (see `JSONWriter.writeThousandths`).
    public mutating func add(_ name: StaticString, thousandths value: Double) {
        addMember(name, valueCapacity: FixedBufferWriter.thousandthsCapacity) { $0.writeThousandths(value) }
    }

    /// Appends the member `name` with an array whose elements are `texts`, each a JSON text
    /// already (an object written earlier): spliced as they are, not parsed and written again.
    public mutating func add(_ name: StaticString, jsonTexts texts: [[UInt8]]) {
        addArray(name, texts) { text, bytes in bytes.append(contentsOf: text) }
    }

    /// Appends the member `name` with `text`, a JSON value's text already: spliced as it is.
    public mutating func add(_ name: StaticString, jsonText text: [UInt8]) {
        addName(name)
        bytes.append(contentsOf: text)
    }

    /// Appends the member `name` with an array of `strings`, written as they come (no `JSONValue` made).
    public mutating func add(_ name: StaticString, strings: [String]) {
        addArray(name, strings) { string, bytes in JSONWriter.writeString(string, into: &bytes) }
    }

    private mutating func addArray<Element>(_ name: StaticString, _ elements: [Element], _ write: (Element, inout [UInt8]) -> Void) {
        addName(name)
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            write(element, &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends the member `name` with an object whose members `fill` adds.
    public mutating func addObject(_ name: StaticString, _ fill: (inout JSONObjectWriter) -> Void) {
        addName(name)
        Self.write(into: &bytes, fill)
    }

    /// Appends the member `name` with the string `value`.
    public mutating func add(_ name: MemberName, string value: String) {
        addSeparator()
        bytes.append(contentsOf: name.text)
        JSONWriter.writeString(value, into: &bytes)
    }

    /// Appends the member `name` with the integer `value`.
    public mutating func add(_ name: MemberName, integer value: Int64) {
        addSeparator()
        bytes.append(contentsOf: name.text)
        JSONWriter.writeInteger(value, into: &bytes)
    }

    /// Appends the member `name` with `value`.
    public mutating func add(_ name: MemberName, _ value: JSONValue) {
        addSeparator()
        bytes.append(contentsOf: name.text)
        JSONWriter.write(value, into: &bytes)
    }

    /// Appends the member `name` with `text`, a JSON value's text already: spliced as it is.
    public mutating func add(_ name: MemberName, jsonText text: [UInt8]) {
        addSeparator()
        bytes.append(contentsOf: name.text)
        bytes.append(contentsOf: text)
    }

    /// The object's text, UTF-8.
    public consuming func finished() -> [UInt8] {
        var text: [UInt8] = []
        swap(&text, &bytes)
        text.append(UInt8(ascii: "}"))
        return text
    }

    private mutating func addSeparator() {
        if hasMembers { bytes.append(UInt8(ascii: ",")) }
        hasMembers = true
    }

    /// Writes `"name":`.
    private mutating func addName(_ name: StaticString) {
        addMember(name, valueCapacity: 0) { _ in }
    }

    private mutating func addNull(_ name: StaticString) {
        addMember(name, valueCapacity: 4) { $0.write("null") }
    }

    /// Writes the separator, `"name":` and the value `writeValue` writes (at most `valueCapacity`
    /// bytes) in one copy.
    private mutating func addMember(_ name: StaticString, valueCapacity: Int, _ writeValue: (inout FixedBufferWriter) -> Void) {
        let separated = takeSeparator(before: name)
        bytes.append(atMost: Self.nameCapacity(name) + valueCapacity) { writer in
            Self.writeName(name, separated: separated, into: &writer)
            writeValue(&writer)
        }
    }

    /// Whether the member `name` follows another (a comma comes first); the next one will.
    private mutating func takeSeparator(before name: StaticString) -> Bool {
        assert(Self.needsNoEscaping(name), "a member name literal must need no escaping")
        defer { hasMembers = true }
        return hasMembers
    }

    /// The most bytes `writeName` writes.
    private static func nameCapacity(_ name: StaticString) -> Int {
        name.utf8CodeUnitCount + 4
    }

    /// Writes `,"name":`, or `"name":` for the first member.
    private static func writeName(_ name: StaticString, separated: Bool, into writer: inout FixedBufferWriter) {
        if separated { writer.write(UInt8(ascii: ",")) }
        writer.write(UInt8(ascii: "\""))
        writer.write(name)
        writer.write(UInt8(ascii: "\""))
        writer.write(UInt8(ascii: ":"))
    }

    private static func needsNoEscaping(_ name: StaticString) -> Bool {
        UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
            .allSatisfy { $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }
}
