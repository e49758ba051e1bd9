import HTTP
import Store
import System
import Telemetry
import Transport

/// Records one answered request in one call: its log line, its count in this loop's metrics shard
/// and, under `/api/`, its journal record. One per event loop, next to the loop's store.
struct RequestRecorder {
    /// When a request began, as the recorder measures it.
    struct Start {
        /// Monotonic: the latency is measured from here.
        let instant: Instant
        /// Unix milliseconds, for the journal (0 when the journal is off: no clock is read).
        let arrivedAt: Int64
    }

    private let environment: BackendEnvironment
    private let store: Store
    /// This loop's counts for `/metrics`.
    let metricsShard: MetricsShard
    /// The database's statement totals once the responder was ready: opening it is not request work.
    private let statementsAtStart: StatementTiming
    /// This loop's queue into the request journal; nil when the journal is off.
    private let journalQueue: JournalQueue?
    /// The largest upstream answer body the journal keeps (0: none, or no journal).
    private let journalAnswerBytes: Int
    private let monotonic = SystemMonotonicClock()

    /// The recorder of the loop whose database connection is `store`.
    init(environment: BackendEnvironment, store: Store) {
        self.environment = environment
        self.store = store
        metricsShard = environment.metrics.makeShard()
        statementsAtStart = store.statementTiming
        journalQueue = environment.journal?.makeQueue()
        journalAnswerBytes = environment.journal?.answerBytes ?? 0
    }

    /// Now, as the start of a request.
    func start() -> Start {
        Start(instant: monotonic.now(), arrivedAt: journalQueue == nil ? 0 : JournalRecord.currentTimeMilliseconds())
    }

    /// Logs, counts and journals an `/api/` request's outcome.
    func record(_ request: HTTPRequest, _ outcome: APIOutcome, route: RouteMatch, requestID: String, start: Start,
                connection: ConnectionInfo) {
        let answeredAt = monotonic.now()
        let latency = Self.milliseconds(from: start.instant, to: answeredAt)
        let status = outcome.httpStatus
        log(request, requestID: requestID, status: status, code: outcome.code, latency: latency, connection: connection)
        count(request, route: label(of: route, mockRoute: outcome.mockRoute), status: status, code: outcome.code,
              verdict: outcome.verdict, latency: latency)
        journalQueue?.append(JournalRecord(
            request: request, requestID: requestID, timeMilliseconds: start.arrivedAt, verdict: outcome.verdict,
            httpStatus: status, code: outcome.code, diagnosis: outcome.diagnosis, latencyMilliseconds: latency,
            answeredAt: answeredAt, clientSubject: connection.clientSubject, numericArrays: outcome.numericArrays,
            proxied: outcome.proxied, nearMisses: outcome.nearMisses,
            // Only an upstream's answer is kept: it is what `countersign record --from journal`
            // reads, and masking every built-in answer would cost the writer more than the rest
            // of the entry.
            answer: status == nil || outcome.proxied == nil || journalAnswerBytes == 0
                ? nil : JournalAnswer(outcome.plan.response, keeping: journalAnswerBytes)))
    }

    /// Logs and counts the answer to a request outside `/api/` (no envelope, not journalled).
    func record(_ request: HTTPRequest, _ response: HTTPResponse, route: RouteMatch, requestID: String, start: Start,
                connection: ConnectionInfo) {
        let latency = Self.milliseconds(from: start.instant, to: monotonic.now())
        log(request, requestID: requestID, status: response.status.code, code: nil, latency: latency, connection: connection)
        count(request, route: label(of: route, mockRoute: nil), status: response.status.code, code: nil, verdict: nil, latency: latency)
    }

    /// Logs the request's line (status nil: no answer was sent; code nil: no envelope).
    private func log(_ request: HTTPRequest, requestID: String, status: Int?, code: Int?, latency: Double, connection: ConnectionInfo) {
        environment.logger.log(.info, "request") { line in
            line.add("request_id", text: requestID)
            line.add("method", text: request.method)
            line.add("path", text: request.path)
            if let status { line.add("status", integer: Int64(status)) }
            if let code { line.add("code", integer: Int64(code)) }
            line.add("latency_ms", thousandths: latency)
            line.add("peer", text: connection.peerHost)
            if let subject = connection.clientSubject { line.add("client_subject", text: subject) }
        }
    }

    /// Counts an answered request in this loop's shard (`latency` in milliseconds).
    private func count(_ request: HTTPRequest, route: String, status: Int?, code: Int?, verdict: JournalVerdict?, latency: Double) {
        let labels = RequestLabels(route: route, method: request.method, status: status, code: code, verdict: verdict,
                                   protocolName: request.version.protocolName)
        let statements = store.statementTiming.since(statementsAtStart)
        metricsShard.recordRequest(labels, seconds: latency / 1000, statements: statements)
    }

    /// The route a request is counted under: every admin request under `/__admin`; else the
    /// template of the path it matched (whatever its method); else, under `/api/`, the path
    /// template of the stub or imported operation that answered (`mockRoute`); else `other`.
    private func label(of route: RouteMatch, mockRoute: String?) -> String {
        if route.kind == .admin { return EndpointKind.adminRoot }
        if let template = route.template { return template }
        guard route.kind == .api else { return RequestLabels.unmatchedRoute }
        return mockRoute ?? RequestLabels.unmatchedRoute
    }

    private static func milliseconds(from start: Instant, to end: Instant) -> Double {
        Double(end.nanoseconds - start.nanoseconds) / 1_000_000
    }
}
