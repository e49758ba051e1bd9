import JSON
import Signing
import Testing

/// Values render exactly as Swift's `"\(value)"` printed them on the client: every expectation
/// below is Swift's own interpolation of the typed value the client held.
@Suite struct RenderingTests {
    private func json(_ text: String) throws -> ParameterValue {
        .json(.number(try #require(JSONNumber(text: text))))
    }

    @Test func boolsRenderAsWords() {
        #expect(ParameterValue.json(true).rendered == "\(true)")
        #expect(ParameterValue.json(false).rendered == "\(false)")
    }

    @Test func integersRenderInDecimal() throws {
        #expect(try json("36").rendered == "\(36)")
        #expect(try json("-7").rendered == "\(-7)")
        #expect(try json("9223372036854775807").rendered == "\(Int64.max)")
    }

    @Test func otherNumbersRenderAsSwiftDoubles() throws {
        #expect(try json("0.1").rendered == "\(0.1)")
        #expect(try json("1.5").rendered == "\(1.5)")
        #expect(try json("1e16").rendered == "\(1e16)")
        #expect(try json("2.0").rendered == "\(2.0)")
        #expect(try json("1E2").rendered == "\(1E2)")
        #expect(try json("-2.5e-7").rendered == "\(-2.5e-7)")
        #expect(try json("12345678901234567890").rendered == "\(12345678901234567890.0)")
    }

    @Test func arraysRenderAsSwiftArrayDescriptions() throws {
        #expect(ParameterValue.list([.json("a"), .json("b c")]).rendered == "\(["a", "b c"])")
        #expect(ParameterValue.list([.text("a"), .text("b c")]).rendered == "\(["a", "b c"])")
        #expect(ParameterValue.list([try json("1"), try json("2")]).rendered == "\([1, 2])")
        #expect(ParameterValue.list([.json(true), .json(false)]).rendered == "\([true, false])")
        #expect(ParameterValue.list([try json("1.5"), try json("2.0")]).rendered == "\([1.5, 2.0])")
        #expect(ParameterValue.list([.json("x\"y"), .json("n\nl\t"), .json("é 中 😀"), .json("back\\slash")]).rendered
            == "\(["x\"y", "n\nl\t", "é 中 😀", "back\\slash"])")
        #expect(ParameterValue.list([.list([try json("1")]), .list([try json("2"), try json("3")])]).rendered == "\([[1], [2, 3]])")
        #expect(ParameterValue.list([]).rendered == "\([String]())")
    }

    @Test func jsonArraysInABodyBecomeLists() throws {
        let request = SignableRequest(method: "POST", target: "/t", headers: [("Content-Type", "application/json")],
                                      body: Array(#"{"ids":[1,2.5],"tags":["a"]}"#.utf8))
        let parameters = try Canonicalizer(policy: SigningPolicy()).parameters(of: request)
        #expect(parameters["ids"] == .list([try json("1"), try json("2.5")]))
        #expect(parameters["ids"]?.rendered == "[1, 2.5]")
        #expect(parameters["tags"]?.rendered == "\(["a"])")
    }

    @Test func textIsRenderedAsDecoded() {
        #expect(ParameterValue.text("p@ss w+rd").rendered == "p@ss w+rd")
        #expect(ParameterValue.json("六阿哥").rendered == "六阿哥")
    }

    @Test func handlersReadStringValues() throws {
        #expect(ParameterValue.text("5").stringValue == "5")
        #expect(ParameterValue.json("x").stringValue == "x")
        #expect(try json("20").stringValue == "20")
        #expect(try json("1.50").stringValue == "1.5")
        #expect(ParameterValue.json(true).stringValue == "true")
        #expect(ParameterValue.list([.text("a")]).stringValue == nil)
        #expect(ParameterValue.json(nil).stringValue == nil)
        #expect(ParameterValue.json(["k": 1]).stringValue == nil)
    }
}
