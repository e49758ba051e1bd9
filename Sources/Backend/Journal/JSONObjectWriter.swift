import JSON

/// Writes one JSON object member by member straight into bytes: the journal's writer builds each
/// entry this way, without a tree of values to make and free, and strings that need no escaping
/// (almost all) are copied at once.
struct JSONObjectWriter {
    private var bytes: [UInt8]
    private var hasMembers = false

    /// An empty object, with room for about `capacity` bytes.
    init(capacity: Int = 64) {
        bytes = []
        bytes.reserveCapacity(capacity)
        bytes.append(UInt8(ascii: "{"))
    }

    /// Appends the member `name` with `value`.
    mutating func add(_ name: String, _ value: JSONValue) {
        addName(name)
        JSONWriter.write(value, into: &bytes)
    }

    /// Appends the member `name` with the string `value`.
    mutating func add(_ name: String, string value: String) {
        addName(name)
        writeString(value)
    }

    /// Appends the member `name` whose value is `json`, JSON text written before.
    mutating func add(_ name: String, json: String) {
        addName(name)
        bytes.append(contentsOf: json.utf8)
    }

    /// Appends the member `name` whose value is the object `object` wrote.
    mutating func add(_ name: String, object: JSONObjectWriter) {
        addName(name)
        bytes.append(contentsOf: object.bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// The object's text.
    var text: String {
        var finished = bytes
        finished.append(UInt8(ascii: "}"))
        return String(decoding: finished, as: UTF8.self)
    }

    private mutating func addName(_ name: String) {
        if hasMembers { bytes.append(UInt8(ascii: ",")) }
        hasMembers = true
        writeString(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Writes `text` quoted: copied at once when nothing in it needs escaping (the usual case),
    /// else through `JSONWriter`.
    private mutating func writeString(_ text: String) {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            guard utf8.allSatisfy({ $0 >= 0x20 && $0 != quote && $0 != backslash }) else { return false }
            bytes.append(quote)
            bytes.append(contentsOf: utf8)
            bytes.append(quote)
            return true
        }
        if copied != true { JSONWriter.write(.string(text), into: &bytes) }
    }
}
