import Store
import System

/// One event loop's counts. Only that loop writes them, so its lock is taken by another thread
/// only while a scrape of `/metrics` reads them: recording a request never waits for another loop.
final class MetricsShard: Sendable {
    /// The counts, and where the last request's label set is in them.
    private struct State {
        var sample = MetricsSample()
        /// The label set recorded last and its histogram's position in `sample.requests`: a loop
        /// serving one endpoint records the same set again and again, and comparing it costs
        /// less than hashing it (1.2K instructions per request, docs/performance.md). A position
        /// stays valid until a set is added, which replaces it.
        var last: (labels: RequestLabels, index: Dictionary<RequestLabels, DurationHistogram>.Index)?
    }

    private let state = LockedValue(State())

    /// Counts an answered request: its labels, how long it took, and the loop's database totals
    /// after it. The label set of the request before costs a comparison; another seen before,
    /// one dictionary lookup; neither allocates.
    func recordRequest(_ labels: RequestLabels, seconds: Double, statements: StatementTiming) {
        state.withLock { state in
            let index: Dictionary<RequestLabels, DurationHistogram>.Index
            if let last = state.last, last.labels == labels {
                index = last.index
            } else if let found = state.sample.requests.index(forKey: labels) {
                index = found
            } else {
                state.sample.requests[labels] = DurationHistogram()
                // Present: it was just added.
                index = state.sample.requests.index(forKey: labels) ?? state.sample.requests.startIndex
            }
            state.last = (labels, index)
            state.sample.requests.values[index].observe(seconds)
            state.sample.database = statements
        }
    }

    /// Counts a completed TLS handshake.
    func recordHandshake(resumed: Bool) {
        state.withLock { state in
            if resumed {
                state.sample.resumedHandshakes &+= 1
            } else {
                state.sample.fullHandshakes &+= 1
            }
        }
    }

    /// Counts a failed TLS handshake.
    func recordFailedHandshake() {
        state.withLock { $0.sample.failedHandshakes &+= 1 }
    }

    /// Adds this loop's counts to `total`. The sum is made under the lock, so the loop's own
    /// storage is never shared with the scrape and recording never has to copy it.
    func add(to total: inout MetricsSample) {
        state.withLock { total.add($0.sample) }
    }
}
