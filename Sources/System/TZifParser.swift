/// Reads the transitions of a TZif file (RFC 8536), preferring the 64-bit data of version 2+.
enum TZifParser {
    struct Parsed {
        var transitions: [Int64]
        var offsets: [Int]
        var initialOffset: Int
    }

    private struct Header {
        var isUTCount, isStdCount, leapCount, timeCount, typeCount, charCount: Int
    }

    static func parse(_ bytes: [UInt8]) -> Parsed? {
        guard bytes.count >= 44, bytes[0..<4].elementsEqual("TZif".utf8), let first = header(bytes, at: 0) else { return nil }
        let version = bytes[4]
        if version >= UInt8(ascii: "2") {
            let secondHeader = 44 + blockSize(first, timeSize: 4)
            guard let second = header(bytes, at: secondHeader) else { return nil }
            return body(bytes, at: secondHeader + 44, header: second, timeSize: 8)
        }
        return body(bytes, at: 44, header: first, timeSize: 4)
    }

    private static func header(_ bytes: [UInt8], at offset: Int) -> Header? {
        guard offset + 44 <= bytes.count else { return nil }
        let counts = (0..<6).map { Int(bigEndian(bytes, at: offset + 20 + $0 * 4, size: 4)) }
        guard counts.allSatisfy({ $0 >= 0 && $0 < 1 << 20 }) else { return nil }
        return Header(isUTCount: counts[0], isStdCount: counts[1], leapCount: counts[2],
                      timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
    }

    private static func blockSize(_ header: Header, timeSize: Int) -> Int {
        header.timeCount * timeSize + header.timeCount + header.typeCount * 6 + header.charCount
            + header.leapCount * (timeSize + 4) + header.isStdCount + header.isUTCount
    }

    private static func body(_ bytes: [UInt8], at start: Int, header: Header, timeSize: Int) -> Parsed? {
        guard header.typeCount > 0, start + blockSize(header, timeSize: timeSize) <= bytes.count else { return nil }
        let indicesStart = start + header.timeCount * timeSize
        let typesStart = indicesStart + header.timeCount
        let typeOffsets = (0..<header.typeCount).map { Int(Int32(truncatingIfNeeded: bigEndian(bytes, at: typesStart + $0 * 6, size: 4))) }
        var transitions: [Int64] = []
        var offsets: [Int] = []
        for index in 0..<header.timeCount {
            let raw = bigEndian(bytes, at: start + index * timeSize, size: timeSize)
            let instant = timeSize == 4 ? Int64(Int32(truncatingIfNeeded: raw)) : Int64(bitPattern: raw)
            let type = Int(bytes[indicesStart + index])
            guard type < typeOffsets.count else { return nil }
            transitions.append(instant)
            offsets.append(typeOffsets[type])
        }
        return Parsed(transitions: transitions, offsets: offsets, initialOffset: typeOffsets[0])
    }

    private static func bigEndian(_ bytes: [UInt8], at offset: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<size { value = value << 8 | UInt64(bytes[offset + index]) }
        return value
    }
}
