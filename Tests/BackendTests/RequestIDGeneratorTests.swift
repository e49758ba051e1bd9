@testable import Backend
import Testing

@Suite struct RequestIDGeneratorTests {
    /// Ids are the loop's random prefix and a counter from 1, whatever its number of digits.
    @Test func idsAreTheLoopsPrefixAndACountingNumber() throws {
        var generator = RequestIDGenerator(loopIndex: 3)
        let first = generator.next()
        let prefix = String(first.dropLast())
        #expect(first.hasSuffix("-3-1"))
        #expect(prefix.count == 11 && prefix.prefix(8).allSatisfy(\.isHexDigit))
        for number in 2...1_001 {
            #expect(generator.next() == prefix + String(number))
        }
        var restarted = RequestIDGenerator(loopIndex: 3)
        #expect(restarted.next() != first, "another generator (a restart) draws another prefix")
    }
}
