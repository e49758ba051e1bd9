import JSON
import Testing

/// The streaming object writer writes the same bytes as `JSONWriter` writes the equivalent object.
@Suite struct JSONObjectWriterTests {
    @Test func writesEveryKindOfMemberInOrder() {
        var object = JSONObjectWriter()
        object.add("z", string: "q\" \\ \n é")
        object.add("none", string: nil)
        object.add("min", integer: Int64.min)
        object.add("absent", integer: nil)
        object.add("latency", thousandths: 2.0004)
        object.add("value", ["k": [1, true, nil]])
        object.addObject("nested") { nested in
            nested.add("a", integer: 0)
            nested.addObject("empty") { _ in }
        }
        object.add("names", strings: ["x-api-version", "q\"", ""])
        object.add("no_names", strings: [String]())
        let expected: JSONValue = [
            "z": "q\" \\ \n é", "none": nil, "min": .number(JSONNumber(Int64.min)), "absent": nil,
            "latency": .number(JSONNumber(2.0)), "value": ["k": [1, true, nil]],
            "nested": ["a": 0, "empty": [:]], "names": ["x-api-version", "q\"", ""], "no_names": [],
        ]
        #expect(String(decoding: object.finished(), as: UTF8.self) == JSONWriter.serialize(expected))
    }

    @Test func splicesJSONTextsAsAnArray() {
        var object = JSONObjectWriter()
        object.add("none", jsonTexts: [])
        object.add("some", jsonTexts: [#"{"a":1}"#, "[true]", #""é""#].map { Array($0.utf8) })
        let expected: JSONValue = ["none": [], "some": [["a": 1], [true], "é"]]
        #expect(String(decoding: object.finished(), as: UTF8.self) == JSONWriter.serialize(expected))
    }

    @Test func anObjectWithoutMembersIsEmpty() {
        #expect(JSONObjectWriter().finished() == Array("{}".utf8))
    }

    /// Names known at run time are escaped once, and written as any other name, before any value.
    @Test func escapesMemberNamesKnownAtRunTime() throws {
        let name = JSONObjectWriter.MemberName("X-\"Odd\\Name\"")
        var object = JSONObjectWriter()
        object.add("first", string: "1")
        object.add(name, string: "v")
        object.add(JSONObjectWriter.MemberName("written"), jsonText: Array(#"{"a":[1]}"#.utf8))
        let text = object.finished()
        #expect(String(decoding: text, as: UTF8.self) == #"{"first":"1","X-\"Odd\\Name\"":"v","written":{"a":[1]}}"#)
        #expect(try JSONParser.parse(text) == ["first": "1", "X-\"Odd\\Name\"": "v", "written": ["a": [1]]])
    }

    /// An object written into a buffer follows what the buffer held, which it keeps.
    @Test func appendsAnObjectToAnExistingBuffer() {
        var line = Array("prefix ".utf8)
        line.reserveCapacity(256)
        JSONObjectWriter.write(into: &line) { object in
            object.add("level", string: "info")
            object.addObject("inner") { $0.add("n", integer: 7) }
        }
        JSONObjectWriter.write(into: &line) { _ in }
        #expect(String(decoding: line, as: UTF8.self) == #"prefix {"level":"info","inner":{"n":7}}{}"#)
    }
}
