import HTTP
import Testing

/// A small deterministic generator (SplitMix64), so every run feeds the same inputs.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

@Suite("HTTPRequestParser: garbage input")
struct GarbageInputTests {
    private static let validRequests = [
        "GET /api/v1/games?page=1 HTTP/1.1\r\nHost: h\r\nX-API-VERSION: 1.0\r\n\r\n",
        "POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello",
        "POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5;e=1\r\nhello\r\n0\r\nT: v\r\n\r\n",
        "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
    ]

    /// Feeds `bytes` in pieces of random sizes and collects the events.
    private func eventsInPieces(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [HTTPParserEvent] {
        var parser = HTTPRequestParser(limits: HTTPLimits(maxRequestLineBytes: 256, maxHeaderBytes: 512, maxHeaderCount: 8, maxBodyBytes: 256))
        var events: [HTTPParserEvent] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int.random(in: 1...64, using: &generator))
            bytes[start..<end].withUnsafeBytes { parser.append($0) }
            while let event = parser.next() { events.append(event) }
            start = end
        }
        return events
    }

    /// Checks that the events of `bytes` do not depend on how they are split, and that a failure is last.
    private func checkConsistency(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [HTTPParserEvent] {
        let limits = HTTPLimits(maxRequestLineBytes: 256, maxHeaderBytes: 512, maxHeaderCount: 8, maxBodyBytes: 256)
        let whole = requestEvents(bytes, feeding: .whole, limits: limits)
        #expect(withoutContinue(eventsInPieces(bytes, using: &generator)) == withoutContinue(whole))
        if let failure = whole.firstIndex(where: \.isTerminal) {
            #expect(failure == whole.count - 1, "nothing may follow a failure")
        }
        return whole
    }

    @Test func randomBytesFailOrNeedMore() {
        var generator = SeededGenerator(seed: 0xC0FFEE)
        for _ in 0..<400 {
            let count = Int.random(in: 0...1500, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let events = checkConsistency(bytes, using: &generator)
            #expect(!events.contains { if case .request = $0 { true } else { false } })
        }
    }

    @Test func printableGarbageFailsOrNeedsMore() {
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array(" \r\n:/?HTTP1.0GETPOST\tchunked;0123456789abcdef".utf8)
        for _ in 0..<400 {
            let count = Int.random(in: 0...600, using: &generator)
            let bytes = (0..<count).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }
            _ = checkConsistency(bytes, using: &generator)
        }
    }

    @Test func mutatedRequestsNeverCrashAndParseTheSameInPieces() {
        var generator = SeededGenerator(seed: 7)
        for round in 0..<2000 {
            var bytes = Array(Self.validRequests[round % Self.validRequests.count].utf8)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                let byte = UInt8.random(in: 0...255, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[position] = byte
                case 1: bytes.insert(byte, at: position)
                default: bytes.remove(at: position)
                }
                if bytes.isEmpty { bytes = [byte] }
            }
            _ = checkConsistency(bytes + bytes, using: &generator)
        }
    }
}
