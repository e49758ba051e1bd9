/// Request durations in buckets, as a Prometheus histogram. Each bucket counts the observations
/// that fell into it alone; `cumulativeCounts` gives the exposition's running totals.
struct DurationHistogram: Sendable, Equatable {
    /// The buckets' upper bounds in seconds, for a server on the same machine or network as its
    /// clients: from half a millisecond to five seconds. `+Inf` follows implicitly.
    static let upperBounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

    /// Observations per bucket; the last element counts those above every bound.
    private var counts = [UInt64](repeating: 0, count: upperBounds.count + 1)
    /// The sum of every observation, in seconds.
    private(set) var sum = 0.0
    /// How many observations there were.
    private(set) var count: UInt64 = 0

    /// Counts one duration of `seconds`.
    mutating func observe(_ seconds: Double) {
        let bucket = Self.upperBounds.firstIndex { seconds <= $0 } ?? Self.upperBounds.count
        counts[bucket] &+= 1
        sum += seconds
        count &+= 1
    }

    /// Adds `other`'s observations to these.
    mutating func add(_ other: DurationHistogram) {
        for index in counts.indices { counts[index] &+= other.counts[index] }
        sum += other.sum
        count &+= other.count
    }

    /// For each bound and then `+Inf`, the observations at or below it.
    var cumulativeCounts: [UInt64] {
        var total: UInt64 = 0
        return counts.map { count in
            total &+= count
            return total
        }
    }
}
