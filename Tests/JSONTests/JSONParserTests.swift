import JSON
import Testing

@Suite struct JSONParserTests {
    private func parse(_ text: String, maxDepth: Int = 64) throws(JSONError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8), maxDepth: maxDepth)
    }

    private func number(_ text: String) throws -> JSONValue {
        .number(try #require(JSONNumber(text: text)))
    }

    private func parseError(_ bytes: [UInt8]) -> JSONError? {
        do {
            _ = try JSONParser.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#" { "n" : null, "t": true, "f": false, "i": -12, "d": 2.5e-3, "s": "x", "a": [1, [], {}], "o": {"k": "v"} } "#)
        let expected: JSONValue = [
            "n": nil, "t": true, "f": false, "i": -12, "d": try number("2.5e-3"), "s": "x",
            "a": [1, [], [:]], "o": ["k": "v"],
        ]
        #expect(value == expected)
        #expect(value.objectValue?.keys == ["n", "t", "f", "i", "d", "s", "a", "o"])
    }

    @Test func parsesTopLevelScalars() throws {
        #expect(try parse("null") == .null)
        #expect(try parse(" true\n") == .bool(true))
        #expect(try parse("\"\"") == .string(""))
        #expect(try parse("0") == .number(JSONNumber(0)))
    }

    @Test(arguments: ["0", "-0", "1.0", "2.50", "1e16", "1E+2", "-3.25e-10", "12345678901234567890123"])
    func numbersKeepTheirText(_ text: String) throws {
        let value = try parse(text)
        #expect(value == (try number(text)))
        guard case .number(let parsed) = value else { return }
        #expect(parsed.text == text)
        #expect(parsed.isInteger == !text.contains(where: { ".eE".contains($0) }))
    }

    @Test func numberAccessors() throws {
        #expect(try parse("36").intValue == 36)
        #expect(try parse("2.0").intValue == 2)
        #expect(try parse("2.5").intValue == nil)
        #expect(try parse("9223372036854775807").intValue == Int64.max)
        #expect(try parse("9223372036854775808").intValue == nil)
        #expect(try parse("1e400").doubleValue == nil)
        #expect(try parse("0.1").doubleValue == 0.1)
    }

    @Test func decodesEscapes() throws {
        #expect(try parse(#""\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u4E2D \u0000""#)
            == .string("\" \\ / \u{08} \u{0C} \n \r \t A é 中 \u{0}"))
    }

    @Test func joinsSurrogatePairs() throws {
        #expect(try parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try parse(#""a\uD834\uDD1Eb""#) == .string("a𝄞b"))
    }

    @Test(arguments: [#""\ud83d""#, #""\ude00""#, #""\ud83d\u0041""#, #""\ud83dx""#, #""\ud83d\ud83d""#])
    func rejectsLoneSurrogates(_ text: String) {
        #expect(throws: JSONError.self) { try parse(text) }
    }

    @Test func passesValidUTF8Through() throws {
        #expect(try parse("\"六阿哥 테스트 ✓ 😀\"") == .string("六阿哥 테스트 ✓ 😀"))
    }

    @Test(arguments: [
        [0x22, 0xFF, 0x22],             // not UTF-8 at all
        [0x22, 0xC0, 0x80, 0x22],       // overlong NUL
        [0x22, 0xE0, 0x80, 0xAF, 0x22], // overlong '/'
        [0x22, 0xED, 0xA0, 0x80, 0x22], // an encoded surrogate
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], // above U+10FFFF
        [0x22, 0xE2, 0x82, 0x22],       // truncated sequence
        [0x22, 0x80, 0x22],             // lone continuation byte
    ] as [[UInt8]])
    func rejectsInvalidUTF8(_ bytes: [UInt8]) {
        let error = parseError(bytes)
        #expect(error?.reason == "invalid UTF-8")
        #expect(error?.offset == 1)
    }

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth = 64
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: Never.self) { try parse(text) }
        let deeper = "[" + text + "]"
        #expect(throws: JSONError(offset: depth, reason: "nesting deeper than 64 levels")) { try parse(deeper) }
        #expect(throws: JSONError.self) { try parse(#"{"a":{"b":[1]}}"#, maxDepth: 2) }
        #expect(throws: Never.self) { try parse(#"{"a":{"b":1}}"#, maxDepth: 2) }
    }

    @Test(arguments: [
        ("", 0), ("   ", 3), ("{} x", 3), ("[1,]", 3), (#"{"a":1,}"#, 7), ("[1 2]", 3), ("01", 1), ("-", 1),
        ("1.", 2), (".5", 0), ("+1", 0), ("1e", 2), ("NaN", 0), ("Infinity", 0), ("nul", 0), ("'a'", 0),
        ("\"a\u{1}\"", 2), ("\"abc", 0), (#"{"a" 1}"#, 5), ("{1:2}", 1), (#""\x""#, 1), (#""\u12G4""#, 5), ("[", 1),
        ("// c\n1", 0), ("[1]]", 3),
    ])
    func rejectsMalformedDocuments(_ text: String, offset: Int) {
        #expect(parseError(Array(text.utf8))?.offset == offset)
    }

    @Test func reasonsAreSpecific() {
        #expect(parseError(Array("01".utf8))?.reason == "leading zeros are not allowed")
        #expect(parseError(Array("[1,]".utf8))?.reason == "unexpected character, expected a value")
        #expect(parseError(Array("{} x".utf8))?.reason == "unexpected data after the JSON value")
        #expect(parseError(Array("\"abc".utf8))?.description == "unterminated string at byte 0")
    }

    @Test func keepsDuplicateMembersInOrder() throws {
        let object = try #require(try parse(#"{"a":1,"b":2,"a":3}"#).objectValue)
        #expect(object.keys == ["a", "b", "a"])
        #expect(object["a"] == 1)
        #expect(Array(object.map(\.value)) == [1, 2, 3])
    }

    @Test func parsesAnyByteCollection() throws {
        let lazyBytes = "[true]".utf8.lazy.map { $0 }
        #expect(try JSONParser.parse(lazyBytes) == [true])
        #expect(try JSONParser.parse("{\"k\":[]}".utf8) == ["k": []])
        let raw: [UInt8] = Array("[null]".utf8)
        #expect(try raw.withUnsafeBytes { try JSONParser.parse($0) } == [nil])
    }
}
