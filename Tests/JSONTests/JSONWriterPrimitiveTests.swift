import JSON
import Testing

/// The writer's entry points for callers that write objects member by member (the journal, the log).
@Suite struct JSONWriterPrimitiveTests {
    /// Strings of every length up to 20 bytes with one character that JSON escapes at each
    /// position: strings are scanned eight bytes at a time, so each position of a word is tried.
    @Test func escapesAtEveryPosition() {
        let escapes = [("\"", #"\""#), ("\\", #"\\"#), ("\u{0}", #"\u0000"#), ("\u{1F}", #"\u001f"#), ("\n", #"\n"#)]
        for length in 1...20 {
            for position in 0..<length {
                for (special, escaped) in escapes {
                    let before = String(repeating: "a", count: position), after = String(repeating: "ü", count: length - position - 1)
                    var written: [UInt8] = []
                    JSONWriter.writeString(before + special + after, into: &written)
                    #expect(String(decoding: written, as: UTF8.self) == "\"" + before + escaped + after + "\"")
                }
                var plain: [UInt8] = []
                JSONWriter.writeString(String(repeating: "a", count: length), into: &plain)
                #expect(plain == Array(("\"" + String(repeating: "a", count: length) + "\"").utf8))
            }
        }
    }

    /// The latency is written as `JSONNumber` writes the value rounded to thousandths.
    @Test func latencyDigits() {
        var samples: [Double] = (0..<50_000).map { Double($0) / 1000 }
        samples += (0..<10_000).map { Double($0) * 0.000_123_4 + 0.0004999 }
        samples += [0, -0.0, -1.5, 0.0005, 0.0004999, 999_999_999.9994, 999_999_999.9996, 1e9, 1e12, 1e16, 2.5e20,
                    .nan, .infinity, -.infinity, 123_456_789.123_456, 0.1 + 0.2, 1.0005, 2.0015]
        var generator = SystemRandomNumberGenerator()
        samples += (0..<10_000).map { _ in Double.random(in: 0..<1e9, using: &generator) }
        for latency in samples {
            var written: [UInt8] = []
            JSONWriter.writeThousandths(latency, into: &written)
            #expect(String(decoding: written, as: UTF8.self) == JSONNumber((latency * 1000).rounded() / 1000).text,
                    "latency \(latency)")
        }
    }

    /// Integers are written as `JSONNumber` writes them.
    @Test func integerDigits() {
        for value: Int64 in [0, 7, -7, 10, 200, 10_003, 1_767_225_600_123, .max, .min] {
            var written: [UInt8] = []
            JSONWriter.writeInteger(value, into: &written)
            #expect(String(decoding: written, as: UTF8.self) == JSONNumber(value).text)
        }
    }

    /// Strings that need no escaping are copied with their quotes in one go, through stack memory
    /// for short ones and allocated memory for long ones: every length comes out whole, after what
    /// the buffer held, alone or as an object's member.
    @Test func plainStringsOfEveryScaleComeOutWhole() {
        for length in [0, 1, 15, 16, 1023, 1024, 1025, 4096, 65_536, 300_000] {
            let text = String((0..<length).map { Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8($0 % 26))) })
            var written = Array("[".utf8)
            JSONWriter.writeString(text, into: &written)
            #expect(written == Array(("[\"" + text + "\"").utf8), "length \(length)")
            var object = JSONObjectWriter()
            object.add("n", integer: Int64(length))
            object.add("s", string: text)
            #expect(object.finished() == Array(#"{"n":\#(length),"s":"\#(text)"}"#.utf8), "length \(length)")
        }
    }

    /// What a fixed buffer's writes put in, appended in one copy after the array's own bytes.
    @Test func aFixedBufferAppendsWhatWasWritten() {
        var bytes = Array("x=".utf8)
        bytes.append(atMost: 64) { writer in
            writer.write("a")
            writer.write(UInt8(ascii: ","))
            writer.writeInteger(-42)
            writer.write(UInt8(ascii: ","))
            writer.writeThousandths(1.25)
            #expect(writer.count == 10)
        }
        bytes.append(atMost: 0) { _ in }
        #expect(String(decoding: bytes, as: UTF8.self) == "x=a,-42,1.25")
    }
}
