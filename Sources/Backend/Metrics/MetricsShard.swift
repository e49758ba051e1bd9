import Store
import System

/// One event loop's counts. Only that loop writes them, so its lock is taken by another thread
/// only while a scrape of `/metrics` reads them: recording a request never waits for another loop.
final class MetricsShard: Sendable {
    private let sample = LockedValue(MetricsSample())

    /// Counts an answered request: its labels, how long it took, and the loop's database totals
    /// after it. A label set seen before costs one dictionary lookup and no allocation.
    func recordRequest(_ labels: RequestLabels, seconds: Double, statements: StatementTiming) {
        sample.withLock { sample in
            sample.requests[labels, default: DurationHistogram()].observe(seconds)
            sample.database = statements
        }
    }

    /// Counts a completed TLS handshake.
    func recordHandshake(resumed: Bool) {
        sample.withLock { sample in
            if resumed {
                sample.resumedHandshakes &+= 1
            } else {
                sample.fullHandshakes &+= 1
            }
        }
    }

    /// Counts a failed TLS handshake.
    func recordFailedHandshake() {
        sample.withLock { $0.failedHandshakes &+= 1 }
    }

    /// Adds this loop's counts to `total`. The sum is made under the lock, so the loop's own
    /// storage is never shared with the scrape and recording never has to copy it.
    func add(to total: inout MetricsSample) {
        sample.withLock { total.add($0) }
    }
}
