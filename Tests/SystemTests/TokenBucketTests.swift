import System
import Testing

@Suite struct TokenBucketTests {
    let start = Instant(nanoseconds: 5_000_000_000)

    private func at(_ milliseconds: Int64) -> Instant { start.adding(milliseconds: milliseconds) }

    /// Which of the events at `instants` the bucket let through, in order.
    private func admitted(_ bucket: inout TokenBucket, at instants: [Int64]) -> [Bool] {
        instants.map { bucket.take(now: at($0)) }
    }

    @Test func theBurstPassesAtOnceAndTheNextEventDoesNot() {
        var bucket = TokenBucket(burst: 3, perSecond: 1)
        #expect(admitted(&bucket, at: [0, 0, 0, 0]) == [true, true, true, false])
    }

    @Test func anEmptyBucketRefillsAtItsRate() {
        var bucket = TokenBucket(burst: 2, perSecond: 4)
        // A quarter of a second less a millisecond is not yet one token.
        #expect(admitted(&bucket, at: [0, 0, 249, 250, 250, 500]) == [true, true, false, true, false, true])
    }

    @Test func aRefillOfLessThanATokenAMillisecondIsNotLost() {
        var bucket = TokenBucket(burst: 1, perSecond: 1)
        // Each refused event counts the time so far; the pieces add up to the token at one second.
        #expect(admitted(&bucket, at: [0, 300, 600, 999, 1_000]) == [true, false, false, false, true])
    }

    @Test func aLongQuietFillsTheBucketOnlyToItsBurst() {
        var bucket = TokenBucket(burst: 2, perSecond: 10)
        #expect(admitted(&bucket, at: [0, 0, 3_600_000, 3_600_000, 3_600_000]) == [true, true, true, true, false])
    }
}
