import JSON
import Testing

/// Inputs the libFuzzer harness in Fuzz/json found (see scripts/fuzz.sh), kept as regression tests.
@Suite struct JSONFuzzRegressionTests {
    /// An integer just below `Int64.min` rounds to `Int64.min` as a `Double`: it was returned as that
    /// value instead of nil (found as `-9223372036854775898`).
    @Test(arguments: ["-9223372036854775809", "-9223372036854775898", "-9223372036854776832"])
    func anIntegerBelowInt64MinIsNotAnInt64(_ text: String) throws {
        let value = try JSONParser.parse(Array(text.utf8))
        #expect(value.intValue == nil)
        #expect(value.doubleValue == -9_223_372_036_854_775_808.0)
    }

    @Test func integersAtTheEdgesOfInt64StillConvert() throws {
        #expect(try JSONParser.parse(Array("-9223372036854775808".utf8)).intValue == Int64.min)
        #expect(try JSONParser.parse(Array("-0".utf8)).intValue == 0)
        #expect(try JSONParser.parse(Array("-9.2233720368547758e18".utf8)).intValue == Int64.min)
    }
}
