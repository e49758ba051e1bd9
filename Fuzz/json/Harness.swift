import JSON

/// Fuzzes `JSONParser` and `JSONWriter`: a document that parses, written compactly or pretty,
/// parses again to the same value; every number's text is a valid number on its own.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let maxDepth = input.choice([JSONParser.defaultMaxDepth, 3, 0])
    let bytes = input.rest()
    guard let value = try? JSONParser.parse(bytes, maxDepth: maxDepth) else { return 0 }
    visit(value)

    var compact: [UInt8] = []
    JSONWriter.write(value, into: &compact)
    invariant((try? JSONParser.parse(compact, maxDepth: maxDepth)) == value, "the compact serialization parses differently")
    let pretty = JSONWriter.serialize(value, pretty: true)
    invariant((try? JSONParser.parse(Array(pretty.utf8), maxDepth: maxDepth)) == value, "the pretty serialization parses differently")
    invariant(JSONWriter.serialize(value) == String(decoding: compact, as: UTF8.self), "serialize and write disagree")
    return 0
}

/// Reads every accessor of every value (they must not trap) and checks the numbers.
private func visit(_ value: JSONValue) {
    switch value {
    case .number(let number):
        invariant(JSONNumber(text: number.text) == number, "the number text '\(number.text)' does not scan back")
        if let int = number.int64Value, number.isInteger {
            invariant(String(int) == number.text || number.text.hasPrefix("-0"), "an integer changed value")
        }
        _ = number.doubleValue
    case .array(let elements):
        elements.forEach(visit)
    case .object(let object):
        for member in object {
            invariant(object[member.key] != nil, "a member cannot be looked up by its name")
            visit(member.value)
        }
    case .null, .bool, .string:
        break
    }
}
