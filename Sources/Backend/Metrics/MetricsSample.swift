import Store

/// The counts one event loop has gathered since the server started, or the sum of every loop's.
struct MetricsSample: Sendable {
    /// Answered requests: the durations (and so the count) of each distinct label set.
    var requests: [RequestLabels: DurationHistogram] = [:]
    /// Completed TLS handshakes that were full ones.
    var fullHandshakes: UInt64 = 0
    /// Completed TLS handshakes that resumed a session from a ticket.
    var resumedHandshakes: UInt64 = 0
    /// TLS handshakes that failed.
    var failedHandshakes: UInt64 = 0
    /// The statements the loop's database connection ran for requests, and their time.
    var database = StatementTiming()

    /// Adds `other`'s counts to these.
    mutating func add(_ other: MetricsSample) {
        for (labels, histogram) in other.requests { requests[labels, default: DurationHistogram()].add(histogram) }
        fullHandshakes &+= other.fullHandshakes
        resumedHandshakes &+= other.resumedHandshakes
        failedHandshakes &+= other.failedHandshakes
        database.add(other.database)
    }

    /// Requests per `countersign_requests_total` series (the verdict summed over).
    var requestCounts: [RequestLabels: UInt64] {
        requests.reduce(into: [:]) { counts, entry in counts[entry.key.withoutVerdict, default: 0] &+= entry.value.count }
    }

    /// Requests per protocol (`h2`, `http/1.1`).
    var protocolCounts: [String: UInt64] {
        requests.reduce(into: [:]) { counts, entry in counts[entry.key.protocolName, default: 0] &+= entry.value.count }
    }

    /// `/api/` requests per signature verdict.
    var verdictCounts: [JournalVerdict: UInt64] {
        requests.reduce(into: [:]) { counts, entry in
            if let verdict = entry.key.verdict { counts[verdict, default: 0] &+= entry.value.count }
        }
    }

    /// Request durations per route template.
    var durationsByRoute: [String: DurationHistogram] {
        requests.reduce(into: [:]) { durations, entry in durations[entry.key.route, default: DurationHistogram()].add(entry.value) }
    }
}
