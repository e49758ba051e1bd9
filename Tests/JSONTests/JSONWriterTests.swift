import JSON
import Testing

@Suite struct JSONWriterTests {
    @Test func writesCompactlyInMemberOrder() {
        let value: JSONValue = ["z": 1, "a": [true, false, nil], "m": ["k": "v"], "e": [:], "l": []]
        #expect(JSONWriter.serialize(value) == #"{"z":1,"a":[true,false,null],"m":{"k":"v"},"e":{},"l":[]}"#)
    }

    @Test func appendsToAnExistingBuffer() {
        var buffer = Array("data=".utf8)
        JSONWriter.write(["code": 0, "message": "ok"], into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == #"data={"code":0,"message":"ok"}"#)
    }

    @Test func escapesOnlyWhatJSONRequires() {
        let value = JSONValue.string("q\" b\\ / \n\r\t\u{08}\u{0C} \u{1}\u{1F} é 中 😀 \u{7F}")
        #expect(JSONWriter.serialize(value) == #""q\" b\\ / \n\r\t\b\f \u0001\u001f é 中 😀 "# + "\u{7F}\"")
    }

    @Test func writesNumbersAsTheirText() throws {
        #expect(JSONWriter.serialize(.number(JSONNumber(Int64.min))) == "-9223372036854775808")
        #expect(JSONWriter.serialize(.number(JSONNumber(2.0))) == "2.0")
        #expect(JSONWriter.serialize(.number(JSONNumber(1e16))) == "1e+16")
        #expect(JSONWriter.serialize(.number(JSONNumber(0.1))) == "0.1")
        #expect(JSONWriter.serialize(.number(try #require(JSONNumber(text: "1.50E3")))) == "1.50E3")
        #expect(JSONWriter.serialize(.number(JSONNumber(Double.nan))) == "null")
        #expect(JSONWriter.serialize([1.5, 7]) == "[1.5,7]")
    }

    @Test func rejectsTextThatIsNotOneNumber() {
        for text in ["", "1 ", "01", "1.", "0x10", "inf", "--1", "1e"] {
            #expect(JSONNumber(text: text) == nil, "\(text)")
        }
    }

    @Test func roundTripsThroughTheParser() throws {
        let value: JSONValue = [
            "string": "六阿哥 \"quoted\" \\ \u{0} \n 😀",
            "numbers": [0, -1, 1.5, try #require(JSONNumber(text: "2.0")).asValue, try #require(JSONNumber(text: "-1E-7")).asValue],
            "nested": ["a": [["b": nil]], "empty": [:]],
            "bools": [true, false],
        ]
        let compact = JSONWriter.serialize(value)
        #expect(try JSONParser.parse(compact.utf8) == value)
        let pretty = JSONWriter.serialize(value, pretty: true)
        #expect(try JSONParser.parse(pretty.utf8) == value)
    }

    @Test func prettyPrintsWithTwoSpaces() {
        let value: JSONValue = ["a": 1, "b": [true, "x"], "c": [:], "d": []]
        #expect(JSONWriter.serialize(value, pretty: true) == """
        {
          "a": 1,
          "b": [
            true,
            "x"
          ],
          "c": {},
          "d": []
        }
        """)
    }

    @Test func objectSubscriptReplacesAppendsAndRemoves() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["a"] = "one"
        object["c"] = 3
        #expect(JSONValue.object(object) == ["a": "one", "b": 2, "c": 3])
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(object.count == 2)
        #expect(JSONValue.object(object)["c"]?.intValue == 3)
    }

    @Test func accessorsAnswerOnlyTheirKind() {
        let value: JSONValue = ["s": "x", "b": true, "a": [1], "n": nil]
        #expect(value["s"]?.stringValue == "x")
        #expect(value["s"]?.boolValue == nil)
        #expect(value["b"]?.boolValue == true)
        #expect(value["a"]?.arrayValue == [1])
        #expect(value["n"] == .null)
        #expect(value["missing"] == nil)
        #expect(JSONValue.string("x")["s"] == nil)
    }
}

private extension JSONNumber {
    var asValue: JSONValue { .number(self) }
}
