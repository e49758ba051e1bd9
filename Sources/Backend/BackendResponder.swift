import Crypto
import HTTP
import JSON
import Signing
import Store
import System
import Telemetry
import Transport

/// Answers every request of one event loop: the operational endpoints and the signed API.
/// It owns the loop's database connection, so it is used on that loop's thread only.
public final class BackendResponder: HTTPResponder {
    let environment: BackendEnvironment
    let store: Store
    let router = APIRoutes.make()
    let canonicalizer: Canonicalizer
    let verifier: SignatureVerifier
    /// Replay protection, when `--replay-window` is set.
    let replayGuard: ReplayGuard?
    private var requestIDs: RequestIDGenerator
    private let monotonic = SystemMonotonicClock()
    /// This loop's queue into the request journal; nil when the journal is off.
    private let journalQueue: JournalQueue?
    /// SHA-256 of bearer tokens, kept so that authenticating a request creates no digest context.
    let tokenHasher = Crypto.Hasher(algorithm: .sha256)
    /// The sessions this loop authenticated, valid while the database is unchanged.
    var sessions = SessionCache()
    /// The header names read from every API request.
    let headerLookups: APIHeaderLookups
    /// This loop's counts for `/metrics`.
    let metricsShard: MetricsShard
    /// The database's statement totals once the responder was ready: opening it is not request work.
    let statementsAtStart: StatementTiming
    /// Bounds the log lines of failed handshakes, which a scanner or a misconfigured client repeats.
    private var handshakeFailureLines = LogRateLimiter()

    /// A responder for loop `loopIndex`, opening its own connection to the database.
    public init(environment: BackendEnvironment, loopIndex: Int) throws(StoreError) {
        self.environment = environment
        store = try Store(path: environment.databasePath)
        canonicalizer = Canonicalizer(policy: environment.settings.signingPolicy)
        verifier = SignatureVerifier(policy: environment.settings.signingPolicy)
        replayGuard = ReplayGuard(settings: environment.settings, store: store, clock: environment.clock)
        requestIDs = RequestIDGenerator(loopIndex: loopIndex)
        journalQueue = environment.journal?.makeQueue()
        metricsShard = environment.metrics.makeShard()
        headerLookups = APIHeaderLookups(settings: environment.settings)
        statementsAtStart = store.statementTiming
    }

    public func respond(to request: HTTPRequest, connection: ConnectionInfo) -> ResponsePlan {
        let started = monotonic.now()
        let requestID = requestIDs.next()
        guard request.path.hasPrefix("/api/") else {
            let isAdmin = request.path == Self.adminRoute || request.path.hasPrefix(Self.adminRoute + "/")
            let response = isAdmin
                ? answerAdmin(request, requestID: requestID, connection: connection)
                : OperationalEndpoints.respond(to: request, requestID: requestID, store: store, settings: environment.settings,
                                               metrics: environment.metrics)
            let latency = Self.milliseconds(from: started, to: monotonic.now())
            log(request, requestID: requestID, status: response.status.code, code: nil, latency: latency, connection: connection)
            let route = isAdmin ? Self.adminRoute : OperationalEndpoints.route(for: request.path)
            recordMetrics(request, route: route, status: response.status.code, code: nil, verdict: nil, latency: latency)
            return ResponsePlan(response: response)
        }
        let arrivedAt = journalQueue == nil ? 0 : JournalRecord.currentTimeMilliseconds()
        let answer = answerControlledAPI(request, requestID: requestID, peer: connection.peerHost)
        record(request, answer, requestID: requestID, arrivedAt: arrivedAt, started: started, connection: connection)
        return answer.plan
    }

    /// Under `/api/`, the envelope (10006, HTTP 413 unless a header check fails first), logged, counted
    /// and journalled like any request; elsewhere the transport's plain answer.
    public func respondToOversizedBody(of head: HTTPRequest, connection: ConnectionInfo) -> HTTPResponse? {
        guard head.path.hasPrefix("/api/") else { return nil }
        let started = monotonic.now()
        let requestID = requestIDs.next()
        let arrivedAt = journalQueue == nil ? 0 : JournalRecord.currentTimeMilliseconds()
        let language = Language.negotiate(head.headers[headerLookups.acceptLanguage])
        let (response, code, verdict) = answerOversizedAPI(head, requestID: requestID, language: language)
        let answer = APIOutcome(plan: ResponsePlan(response: response), code: code.rawValue, verdict: verdict, diagnosisSource: nil,
                               routeMatch: router.match(head.method, head.path))
        record(head, answer, requestID: requestID, arrivedAt: arrivedAt, started: started, connection: connection)
        return response
    }

    /// Logs, counts and journals an `/api/` request's answer.
    private func record(_ request: HTTPRequest, _ answer: APIOutcome, requestID: String, arrivedAt: Int64, started: Instant,
                        connection: ConnectionInfo) {
        let answeredAt = monotonic.now()
        let latency = Self.milliseconds(from: started, to: answeredAt)
        log(request, requestID: requestID, status: answer.httpStatus, code: answer.code, latency: latency, connection: connection)
        recordMetrics(request, route: apiRoute(for: request.path, answer.routeMatch), status: answer.httpStatus, code: answer.code, verdict: answer.verdict,
                      latency: latency)
        journalQueue?.append(JournalRecord(
            request: request, requestID: requestID, timeMilliseconds: arrivedAt, verdict: answer.verdict,
            httpStatus: answer.httpStatus, code: answer.code, diagnosisSource: answer.diagnosisSource,
            latencyMilliseconds: latency, answeredAt: answeredAt, clientSubject: connection.clientSubject,
            numericArrays: answer.numericArrays))
    }

    /// Logs the request's line (status nil: no answer was sent; code nil: no envelope).
    private func log(_ request: HTTPRequest, requestID: String, status: Int?, code: Int?, latency: Double, connection: ConnectionInfo) {
        var fields: [(StaticString, LogValue)] = []
        fields.reserveCapacity(8)
        fields.append(("request_id", .text(requestID)))
        fields.append(("method", .text(request.method)))
        fields.append(("path", .text(request.path)))
        if let status { fields.append(("status", .integer(Int64(status)))) }
        if let code { fields.append(("code", .integer(Int64(code)))) }
        fields.append(("latency_ms", .thousandths(latency)))
        fields.append(("peer", .text(connection.peerHost)))
        if let subject = connection.clientSubject { fields.append(("client_subject", .text(subject))) }
        environment.logger.log(.info, "request", fields)
    }

    /// Counts the failure, and logs it with the peer and the reason (rate-limited), so that a client
    /// developer sees on the server's console why the app's connection was refused.
    public func handshakeFailed(connection: ConnectionInfo, failure: HandshakeFailure) {
        metricsShard.recordFailedHandshake()
        guard let suppressed = handshakeFailureLines.admit(now: monotonic.now()) else { return }
        var fields: [(StaticString, LogValue)] = [
            ("peer", .text(connection.peerHost)), ("listener", .text(connection.listenerName)), ("reason", .text(failure.reason)),
        ]
        if suppressed > 0 { fields.append(("suppressed", .integer(Int64(suppressed)))) }
        environment.logger.log(.warning, "tls handshake failed", fields)
    }

    private static func milliseconds(from start: Instant, to end: Instant) -> Double {
        Double(end.nanoseconds - start.nanoseconds) / 1_000_000
    }
}
