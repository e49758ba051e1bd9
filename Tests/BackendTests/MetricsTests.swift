import Store
import Testing
@testable import Backend

/// The Prometheus text format of `/metrics` (exposition format 0.0.4) and how loops' counts add up.
@Suite struct MetricsTests {
    @Test func labelValuesEscapeBackslashQuoteAndLineFeed() {
        var exposition = MetricsExposition()
        exposition.sample("m", [("route", #"/a"b\c"# + "\nd"), ("le", "+Inf")], UInt64(3))
        #expect(exposition.text == #"m{route="/a\"b\\c\nd",le="+Inf"} 3"# + "\n")
    }

    @Test func helpEscapesBackslashAndLineFeedButNotQuotes() {
        var exposition = MetricsExposition()
        exposition.family("m_total", .counter, help: #"a "b" \ c"# + "\nd")
        #expect(exposition.text == "# HELP m_total a \"b\" \\\\ c\\nd\n# TYPE m_total counter\n")
    }

    @Test(arguments: [(5.0, "5"), (0.0005, "0.0005"), (2.5, "2.5"), (0, "0"), (-1, "-1"),
                      (.infinity, "+Inf"), (-.infinity, "-Inf"), (.nan, "NaN"), (1e20, "1e+20")])
    func numbers(value: Double, text: String) {
        #expect(MetricsExposition.number(value) == text)
    }

    @Test func histogramBucketsAreCumulativeWithSumAndCount() {
        var sample = MetricsSample()
        let valid = RequestLabels(route: "/api/v1/ping", method: "GET", status: 200, code: 0, verdict: .valid)
        let invalid = RequestLabels(route: "/api/v1/ping", method: "GET", status: 403, code: 10003, verdict: .invalid)
        for seconds in [0.0004, 0.003, 0.2] { sample.requests[valid, default: DurationHistogram()].observe(seconds) }
        for seconds in [0.003, 10] { sample.requests[invalid, default: DurationHistogram()].observe(seconds) }
        let lines = Self.lines(MetricsReport(sample: sample, openConnections: 0).text, prefix: "countersign_request_duration_seconds")
        let expectedBuckets: [(String, Int)] = [
            ("0.0005", 1), ("0.001", 1), ("0.0025", 1), ("0.005", 3), ("0.01", 3), ("0.025", 3), ("0.05", 3), ("0.1", 3),
            ("0.25", 4), ("0.5", 4), ("1", 4), ("2.5", 4), ("5", 4), ("+Inf", 5),
        ]
        let bucketLines = expectedBuckets.map {
            #"countersign_request_duration_seconds_bucket{route="/api/v1/ping",le="\#($0.0)"} \#($0.1)"#
        }
        #expect(Array(lines.prefix(bucketLines.count)) == bucketLines)
        let sumLine = lines.first { $0.hasPrefix("countersign_request_duration_seconds_sum{") }
        let sum = sumLine.flatMap { $0.split(separator: " ").last }.flatMap { Double($0) }
        #expect(abs((sum ?? 0) - 10.2064) < 1e-9)
        #expect(lines.contains(#"countersign_request_duration_seconds_count{route="/api/v1/ping"} 5"#))
    }

    @Test func everyFamilyHasHelpAndTypeOnceAndAbsentLabelsAreEmpty() {
        var sample = MetricsSample()
        let observe = { (labels: RequestLabels, times: Int) in
            for _ in 0..<times { sample.requests[labels, default: DurationHistogram()].observe(0.1) }
        }
        observe(RequestLabels(route: "/metrics", method: "GET", status: 200, code: nil), 2)
        observe(RequestLabels(route: "/api/v1/games", method: "GET", status: nil, code: nil, verdict: .valid), 1)
        observe(RequestLabels(route: "other", method: "GET", status: 403, code: 10003, verdict: .invalid), 2)
        observe(RequestLabels(route: "other", method: "GET", status: 400, code: 10001, verdict: .invalid, protocolName: "h2"), 2)
        let text = MetricsReport(sample: sample, openConnections: 3, residentMemoryBytes: 4096, processStartSeconds: 1_700_000_000.5).text
        let lines = text.split(separator: "\n").map(String.init)
        let families = lines.filter { $0.hasPrefix("# TYPE ") }.map { $0.split(separator: " ")[2] }
        #expect(families == ["countersign_requests_total", "countersign_signature_verdicts_total", "countersign_requests_by_protocol_total",
                             "countersign_request_duration_seconds",
                             "countersign_open_connections", "countersign_tls_handshakes_total", "countersign_tls_handshake_failures_total",
                             "countersign_sqlite_statements_total", "countersign_sqlite_seconds_total",
                             "process_start_time_seconds", "process_resident_memory_bytes"])
        #expect(lines.filter { $0.hasPrefix("# HELP ") }.count == families.count)
        #expect(lines.contains(#"countersign_requests_total{route="/api/v1/games",method="GET",status="",code=""} 1"#))
        #expect(lines.contains(#"countersign_requests_total{route="/metrics",method="GET",status="200",code=""} 2"#))
        #expect(lines.contains(#"countersign_requests_total{route="other",method="GET",status="403",code="10003"} 2"#))
        #expect(lines.contains(#"countersign_requests_by_protocol_total{protocol="h2"} 2"#))
        #expect(lines.contains(#"countersign_requests_by_protocol_total{protocol="http/1.1"} 0"#))
        #expect(lines.filter { $0.hasPrefix("countersign_requests_by_protocol_total{") }.count == 2)
        #expect(lines.contains(#"countersign_signature_verdicts_total{verdict="invalid"} 4"#))
        #expect(lines.contains(#"countersign_signature_verdicts_total{verdict="valid"} 1"#))
        #expect(lines.contains(#"countersign_signature_verdicts_total{verdict="skipped"} 0"#))
        #expect(lines.contains("countersign_open_connections 3"))
        #expect(lines.contains("process_start_time_seconds 1700000000.5"))
        #expect(lines.contains("process_resident_memory_bytes 4096"))
        #expect(text.hasSuffix("\n"))
    }

    @Test func unknownMethodsShareOneLabelValue() {
        #expect(RequestLabels(route: "other", method: "BREW", status: 405, code: nil).method == "OTHER")
        #expect(RequestLabels(route: "other", method: "PATCH", status: 405, code: nil).method == "PATCH")
    }

    @Test func aScrapeAddsUpEveryLoopsShard() {
        let registry = MetricsRegistry()
        registry.observeOpenConnections { 7 }
        let first = registry.makeShard(), second = registry.makeShard()
        let ping = RequestLabels(route: "/api/v1/ping", method: "GET", status: 200, code: 0, verdict: .valid)
        var statements = StatementTiming()
        statements.statements = 3
        statements.nanoseconds = 1_500_000_000
        first.recordRequest(ping, seconds: 0.002, statements: statements)
        second.recordRequest(ping, seconds: 0.004, statements: statements)
        second.recordRequest(RequestLabels(route: "/healthz", method: "GET", status: 200, code: nil), seconds: 0.0001, statements: statements)
        first.recordHandshake(resumed: false)
        second.recordHandshake(resumed: true)
        second.recordFailedHandshake()

        let report = registry.report()
        #expect(report.sample.requests[ping]?.count == 2)
        #expect(report.sample.verdictCounts == [.valid: 2])
        #expect(report.sample.durationsByRoute["/api/v1/ping"]?.count == 2)
        #expect(report.sample.durationsByRoute["/healthz"]?.count == 1)
        #expect((report.sample.fullHandshakes, report.sample.resumedHandshakes, report.sample.failedHandshakes) == (1, 1, 1))
        // Each shard holds its loop's running totals; the scrape adds the loops.
        #expect(report.sample.database.statements == 6)
        #expect(report.openConnections == 7)
        #expect(report.text.contains("countersign_sqlite_seconds_total 3\n"))
    }

    /// A shard remembers where the last label set's histogram is; sets that come and go, and
    /// enough new ones to make the dictionary grow, must each still land in their own histogram.
    @Test func aShardCountsEachLabelSetWhateverTheOrderTheyComeIn() {
        let registry = MetricsRegistry()
        let shard = registry.makeShard()
        let checkin = RequestLabels(route: "/api/v1/checkin", method: "GET", status: 200, code: 0, verdict: .valid)
        let expired = RequestLabels(route: "/api/v1/checkin", method: "GET", status: 200, code: 20104, verdict: .valid)
        let statuses = (0..<40).map { RequestLabels(route: "/api/v1/ping", method: "GET", status: 200 + $0, code: nil) }
        for round in 0..<3 {
            shard.recordRequest(checkin, seconds: 0.001, statements: StatementTiming())
            shard.recordRequest(checkin, seconds: 0.001, statements: StatementTiming())
            shard.recordRequest(expired, seconds: 0.002, statements: StatementTiming())
            // The first round adds 40 sets after `checkin`'s and `expired`'s, growing the storage.
            for labels in statuses { shard.recordRequest(labels, seconds: Double(round), statements: StatementTiming()) }
        }
        shard.recordRequest(checkin, seconds: 0.001, statements: StatementTiming())

        let requests = registry.report().sample.requests
        #expect(requests[checkin]?.count == 7)
        #expect(requests[expired]?.count == 3)
        #expect(statuses.allSatisfy { requests[$0]?.count == 3 })
        #expect(requests.count == 42)
    }

    private static func lines(_ text: String, prefix: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
    }
}
