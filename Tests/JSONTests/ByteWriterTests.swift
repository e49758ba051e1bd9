import JSON
import Testing

/// The growable writer under the journal's entries and the log's lines.
@Suite struct ByteWriterTests {
    /// Writes of every kind, past the first memory many times over, come back in order.
    @Test func writesOfEveryKindComeBackInOrderAcrossGrowth() {
        var writer = ByteWriter(capacity: 1)
        var expected: [UInt8] = []
        for round in 0..<200 {
            writer.write(UInt8(truncatingIfNeeded: round))
            expected.append(UInt8(truncatingIfNeeded: round))
            let run = Array(repeating: UInt8(ascii: "a") + UInt8(round % 26), count: round % 40)
            run.withUnsafeBufferPointer { writer.write($0) }
            expected += run
            writer.write(utf8Of: "é\(round)")
            expected += Array("é\(round)".utf8)
            writer.write(atMost: 20) { $0.writeInteger(Int64(-round)) }
            expected += Array(String(-round).utf8)
        }
        #expect(writer.count == expected.count)
        #expect(writer.bytes == expected)
        writer.withBytes { #expect(Array($0) == expected) }
    }

    /// An insertion moves what follows it; a byte can be read and replaced in place.
    @Test func insertsBeforeAnIndexAndReplacesBytesInPlace() {
        var writer = ByteWriter(capacity: 4)
        Array("abcdef".utf8).withUnsafeBufferPointer { writer.write($0) }
        Array("XYZ".utf8).withUnsafeBufferPointer { writer.insert($0, at: 2) }
        #expect(writer.bytes == Array("abXYZcdef".utf8))
        Array("<".utf8).withUnsafeBufferPointer { writer.insert($0, at: 0) }
        Array(">".utf8).withUnsafeBufferPointer { writer.insert($0, at: writer.count) }
        #expect(writer.bytes == Array("<abXYZcdef>".utf8))
        #expect(writer[1] == UInt8(ascii: "a"))
        writer[1] = UInt8(ascii: "A")
        #expect(writer.bytes == Array("<AbXYZcdef>".utf8))
        writer.removeAll()
        #expect(writer.count == 0)
        writer.write(UInt8(ascii: "z"))
        #expect(writer.bytes == [UInt8(ascii: "z")])
    }
}
