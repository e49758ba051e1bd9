import JSON

/// Writes one JSON object member by member straight into UTF-8 bytes: the journal's writer builds
/// each entry this way, without a tree of values to make and free, or a `String` to validate;
/// strings that need no escaping (almost all) are copied at once.
struct JSONObjectWriter {
    private var bytes: [UInt8]
    private var hasMembers = false

    /// An empty object, with room for about `capacity` bytes.
    init(capacity: Int = 64) {
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

    /// The text of a member name, `"name":`, for `add(member:string:)`: names known only at run
    /// time (header names) are escaped once, not for every entry.
    static func member(_ name: String) -> [UInt8] {
        var text: [UInt8] = []
        JSONWriter.writeString(name, into: &text)
        text.append(UInt8(ascii: ":"))
        return text
    }

    /// Appends the member `name` with `value`.
    mutating func add(_ name: StaticString, _ value: JSONValue) {
        addName(name)
        JSONWriter.write(value, into: &bytes)
    }

    /// Appends the member `name` with the string `value`, or `null` when it is nil.
    mutating func add(_ name: StaticString, string value: String?) {
        addName(name)
        guard let value else { return appendNull() }
        JSONWriter.writeString(value, into: &bytes)
    }

    /// Appends the member `name` with the integer `value`, or `null` when it is nil.
    mutating func add(_ name: StaticString, integer value: Int64?) {
        addName(name)
        guard let value else { return appendNull() }
        JSONWriter.writeInteger(value, into: &bytes)
    }

    /// Appends the member `name` with `value` rounded to thousandths (see `JSONWriter.writeThousandths`).
    mutating func add(_ name: StaticString, thousandths value: Double) {
        addName(name)
        JSONWriter.writeThousandths(value, into: &bytes)
    }

    /// Appends the member `name` with an object whose members `fill` adds.
    mutating func addObject(_ name: StaticString, _ fill: (inout JSONObjectWriter) -> Void) {
        addName(name)
        var object = JSONObjectWriter(continuing: &bytes)
        fill(&object)
        swap(&bytes, &object.bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends a member with the string `value`; `member` is the name's text from `member(_:)`.
    mutating func add(member: [UInt8], string value: String) {
        addSeparator()
        bytes.append(contentsOf: member)
        JSONWriter.writeString(value, into: &bytes)
    }

    /// The object's text, UTF-8.
    consuming func finished() -> [UInt8] {
        var text: [UInt8] = []
        swap(&text, &bytes)
        text.append(UInt8(ascii: "}"))
        return text
    }

    private mutating func addSeparator() {
        if hasMembers { bytes.append(UInt8(ascii: ",")) }
        hasMembers = true
    }

    /// Writes `"name":`; the names the journal uses are plain ASCII that needs no escaping.
    private mutating func addName(_ name: StaticString) {
        addSeparator()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(literal: name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    private mutating func appendNull() {
        bytes.append(literal: "null")
    }
}
