/// The cursor behind `JSONParser`: reads values from a byte buffer, tracking offset and depth.
struct JSONReader {
    let bytes: UnsafeRawBufferPointer
    let maxDepth: Int
    var index = 0
    private var depth = 0

    init(bytes: UnsafeRawBufferPointer, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// One value with nothing but whitespace around it.
    mutating func readDocument() throws(JSONError) -> JSONValue {
        skipWhitespace()
        let value = try readValue()
        skipWhitespace()
        guard index == bytes.count else { throw error("unexpected data after the JSON value") }
        return value
    }

    func error(_ reason: String, at offset: Int? = nil) -> JSONError {
        JSONError(offset: offset ?? index, reason: reason)
    }

    private mutating func readValue() throws(JSONError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object(try readObject())
        case UInt8(ascii: "["): return .array(try readArray())
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try readLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try readLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try readLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw error("unexpected character, expected a value")
        }
    }

    private mutating func readObject() throws(JSONError) -> JSONObject {
        try enterContainer()
        var object = JSONObject()
        skipWhitespace()
        if try consume(UInt8(ascii: "}")) {
            depth -= 1
            return object
        }
        while true {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes")
            }
            let key = try readString()
            skipWhitespace()
            guard try consume(UInt8(ascii: ":")) else { throw error("expected ':' after a member name") }
            skipWhitespace()
            object.appendMember(key, try readValue())
            skipWhitespace()
            if try consume(UInt8(ascii: "}")) { break }
            guard try consume(UInt8(ascii: ",")) else { throw error("expected ',' or '}' in an object") }
            skipWhitespace()
        }
        depth -= 1
        return object
    }

    private mutating func readArray() throws(JSONError) -> [JSONValue] {
        try enterContainer()
        var array: [JSONValue] = []
        skipWhitespace()
        if try consume(UInt8(ascii: "]")) {
            depth -= 1
            return array
        }
        while true {
            array.append(try readValue())
            skipWhitespace()
            if try consume(UInt8(ascii: "]")) { break }
            guard try consume(UInt8(ascii: ",")) else { throw error("expected ',' or ']' in an array") }
            skipWhitespace()
        }
        depth -= 1
        return array
    }

    /// Steps over the opening bracket of an array or object, enforcing the depth limit.
    private mutating func enterContainer() throws(JSONError) {
        guard depth < maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
        depth += 1
        index += 1
    }

    private mutating func readNumber() throws(JSONError) -> JSONNumber {
        switch JSONNumber.scan(bytes, at: index) {
        case .invalid(let offset, let reason):
            throw error(reason, at: offset)
        case .number(let end, let isInteger):
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
            index = end
            return JSONNumber(validatedText: text, isInteger: isInteger)
        }
    }

    private mutating func readLiteral(_ literal: StaticString) throws(JSONError) {
        let start = index
        let length = literal.utf8CodeUnitCount
        guard bytes.count - index >= length else { throw error("invalid literal", at: start) }
        for offset in 0..<length where bytes[index + offset] != literal.utf8Start[offset] {
            throw error("invalid literal", at: start)
        }
        index += length
    }

    /// Steps over `byte` when it is next; fails only at the end of the input.
    private mutating func consume(_ byte: UInt8) throws(JSONError) -> Bool {
        guard index < bytes.count else { throw error("unexpected end of input") }
        guard bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }
}
