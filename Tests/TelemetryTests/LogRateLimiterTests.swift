import System
import Telemetry
import Testing

@Suite struct LogRateLimiterTests {
    let start = Instant(nanoseconds: 5_000_000_000)

    private func at(_ milliseconds: Int64) -> Instant { start.adding(milliseconds: milliseconds) }

    @Test func letsTheLimitThroughEachSecondAndCountsTheRest() {
        var limiter = LogRateLimiter(linesPerSecond: 3)
        #expect((0..<3).map { limiter.admit(now: at($0 * 100)) } == [0, 0, 0])
        // Over the limit within the same second: suppressed.
        #expect(limiter.admit(now: at(400)) == nil)
        #expect(limiter.admit(now: at(999)) == nil)
        // The next second's first line says how many were left out.
        #expect(limiter.admit(now: at(1_000)) == 2)
        #expect(limiter.admit(now: at(1_001)) == 0)
    }

    @Test func aQuietPeriodStartsAFreshWindow() {
        var limiter = LogRateLimiter(linesPerSecond: 1)
        #expect(limiter.admit(now: at(0)) == 0)
        #expect(limiter.admit(now: at(10)) == nil)
        #expect(limiter.admit(now: at(60_000)) == 1)
        #expect(limiter.admit(now: at(60_500)) == nil)
        #expect(limiter.admit(now: at(61_000)) == 1)
    }

    @Test func theDefaultIsTenLinesPerSecond() {
        var limiter = LogRateLimiter()
        #expect((0..<12).map { limiter.admit(now: at($0)) }.filter { $0 != nil }.count == 10)
    }
}
