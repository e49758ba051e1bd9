/// Everything `/metrics` shows at one moment, and its text. It holds counts, route templates and
/// verdict names only: no path beyond a template, no parameter, header, token, phone or secret.
struct MetricsReport {
    /// Every event loop's counts, added up.
    var sample: MetricsSample
    /// Connections open now.
    var openConnections: Int
    /// The process's resident memory, when `/proc` tells it.
    var residentMemoryBytes: Int?
    /// When the process started, in Unix seconds, when `/proc` tells it.
    var processStartSeconds: Double?

    /// The report in the Prometheus text format 0.0.4, in a stable order.
    var text: String {
        var output = MetricsExposition()
        appendRequests(to: &output)
        output.family("countersign_signature_verdicts_total", .counter,
                      help: "Signature checks of /api/ requests: valid, invalid, missing, or skipped (refused before the check).")
        let verdicts = sample.verdictCounts
        for verdict in JournalVerdict.allCases {
            output.sample("countersign_signature_verdicts_total", [("verdict", verdict.rawValue)], verdicts[verdict] ?? 0)
        }
        output.family("countersign_requests_by_protocol_total", .counter,
                      help: "Requests answered, by the protocol they came over: h2 or http/1.1 (http/1.0 once one arrives).")
        let protocols = sample.protocolCounts
        for name in ["h2", "http/1.1"] + protocols.keys.filter({ !["", "h2", "http/1.1"].contains($0) }).sorted() {
            output.sample("countersign_requests_by_protocol_total", [("protocol", name)], protocols[name] ?? 0)
        }
        appendDurations(to: &output)
        output.family("countersign_open_connections", .gauge, help: "Client connections open now, across all event loops.")
        output.sample("countersign_open_connections", [], UInt64(max(0, openConnections)))
        output.family("countersign_tls_handshakes_total", .counter,
                      help: "Completed TLS handshakes: full, or resumed from a session ticket.")
        output.sample("countersign_tls_handshakes_total", [("kind", "full")], sample.fullHandshakes)
        output.sample("countersign_tls_handshakes_total", [("kind", "resumed")], sample.resumedHandshakes)
        output.family("countersign_tls_handshake_failures_total", .counter, help: "TLS handshakes that failed.")
        output.sample("countersign_tls_handshake_failures_total", [], sample.failedHandshakes)
        output.family("countersign_sqlite_statements_total", .counter, help: "SQL statements the event loops ran on the request path.")
        output.sample("countersign_sqlite_statements_total", [], sample.database.statements)
        output.family("countersign_sqlite_seconds_total", .counter, help: "Time spent running those statements, in seconds.")
        output.sample("countersign_sqlite_seconds_total", [], Double(sample.database.nanoseconds) / 1e9)
        if let processStartSeconds {
            output.family("process_start_time_seconds", .gauge, help: "Start time of the process since the Unix epoch, in seconds.")
            output.sample("process_start_time_seconds", [], processStartSeconds)
        }
        if let residentMemoryBytes {
            output.family("process_resident_memory_bytes", .gauge, help: "Resident memory size in bytes.")
            output.sample("process_resident_memory_bytes", [], UInt64(max(0, residentMemoryBytes)))
        }
        return output.text
    }

    private func appendRequests(to output: inout MetricsExposition) {
        output.family("countersign_requests_total", .counter,
                      help: "Requests answered, by route template, method, HTTP status and envelope code (\"\" when none was sent).")
        let ordered = sample.requestCounts.sorted { Self.precedes($0.key, $1.key) }
        for (labels, count) in ordered {
            output.sample("countersign_requests_total", [
                ("route", labels.route), ("method", labels.method),
                ("status", labels.status.map(String.init) ?? ""), ("code", labels.code.map(String.init) ?? ""),
            ], count)
        }
    }

    private func appendDurations(to output: inout MetricsExposition) {
        let name = "countersign_request_duration_seconds"
        output.family(name, .histogram, help: "Time the server took to produce an answer (injected delays excluded), by route template.")
        let bounds = DurationHistogram.upperBounds.map(MetricsExposition.number) + ["+Inf"]
        for (route, histogram) in sample.durationsByRoute.sorted(by: { $0.key < $1.key }) {
            for (bound, count) in zip(bounds, histogram.cumulativeCounts) {
                output.sample(name + "_bucket", [("route", route), ("le", bound)], count)
            }
            output.sample(name + "_sum", [("route", route)], histogram.sum)
            output.sample(name + "_count", [("route", route)], histogram.count)
        }
    }

    /// Orders series by route, method, status and code (absent values first).
    private static func precedes(_ left: RequestLabels, _ right: RequestLabels) -> Bool {
        if left.route != right.route { return left.route < right.route }
        if left.method != right.method { return left.method < right.method }
        if left.status != right.status { return (left.status ?? -1) < (right.status ?? -1) }
        return (left.code ?? Int.min) < (right.code ?? Int.min)
    }
}
