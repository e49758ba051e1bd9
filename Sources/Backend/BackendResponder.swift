import HTTP
import Store
import System
import Telemetry
import Transport

/// Answers every request of one event loop: the signed API, the admin API and the operational endpoints.
/// It owns the loop's database connection, so it is used on that loop's thread only.
public final class BackendResponder: HTTPResponder {
    let environment: BackendEnvironment
    /// The checks and the handler of `/api/` requests.
    let pipeline: APIPipeline
    /// What the pipeline changes on this loop: its database connection and sessions.
    private var loop: APILoopState
    /// The admin API, with this loop's database connection.
    private let admin: AdminAPI
    /// Logs, counts and journals each answered request.
    let recorder: RequestRecorder
    private var requestIDs: RequestIDGenerator
    private let monotonic = SystemMonotonicClock()
    /// Bounds the log lines of failed handshakes, which a scanner or a misconfigured client repeats.
    private var handshakeFailureLines = LogRateLimiter()

    /// A responder for loop `loopIndex`, opening its own connection to the database.
    public init(environment: BackendEnvironment, loopIndex: Int) throws(StoreError) {
        self.environment = environment
        let store = try Store(path: environment.databasePath, changes: environment.changes)
        loop = APILoopState(store: store)
        pipeline = APIPipeline(environment: environment, store: store)
        requestIDs = RequestIDGenerator(loopIndex: loopIndex)
        recorder = RequestRecorder(environment: environment, store: store)
        admin = AdminAPI(environment: environment, store: store, canonicalizer: pipeline.canonicalizer)
    }

    /// This loop's connection to the database.
    var store: Store { loop.store }

    /// Routes the request once, lets its kind answer it (`/api/` the pipeline, `/__admin` the admin
    /// API, any other path the operational endpoints), then records it.
    public func respond(to request: HTTPRequest, connection: ConnectionInfo) -> ResponsePlan {
        let start = recorder.start()
        let requestID = requestIDs.next()
        let route = environment.routes.match(request.method, request.path)
        let response: HTTPResponse
        switch route.kind {
        case .api:
            let outcome = pipeline.answer(request, route: route.api, requestID: requestID, peer: connection.peerHost, loop: &loop)
            if let forwarding = outcome.forwarding {
                return forward(request, forwarding, outcome, route: route, requestID: requestID, start: start, connection: connection)
            }
            recorder.record(request, outcome, route: route, requestID: requestID, start: start, connection: connection)
            return outcome.plan
        case .admin:
            response = admin.answer(request, route: route.admin, requestID: requestID, peerIsLoopback: connection.peer.isLoopback)
        case .operational:
            response = OperationalEndpoints.respond(to: route.operational, requestID: requestID, store: store, settings: environment.settings,
                                                    metrics: environment.metrics)
        }
        recorder.record(request, response, route: route, requestID: requestID, start: start, connection: connection)
        return ResponsePlan(response: response)
    }

    /// Under `/api/`, the envelope (10006, HTTP 413 unless a header check fails first), logged, counted
    /// and journalled like any request; elsewhere the transport's plain answer.
    public func respondToOversizedBody(of head: HTTPRequest, connection: ConnectionInfo) -> HTTPResponse? {
        guard EndpointKind(path: head.path) == .api else { return nil }
        let start = recorder.start()
        let requestID = requestIDs.next()
        let outcome = pipeline.answerOversized(head, requestID: requestID)
        recorder.record(head, outcome, route: environment.routes.match(head.method, head.path), requestID: requestID, start: start,
                        connection: connection)
        return outcome.plan.response
    }

    /// What other processes wrote to the database is looked for again in the next turn: once per
    /// turn rather than once per request.
    public func loopTurnEnded() {
        store.forgetCommitMark()
    }

    public func handshakeCompleted(connection: ConnectionInfo) {
        recorder.metricsShard.recordHandshake(resumed: connection.sessionResumed)
    }

    /// Counts the failure, and logs it with the peer and the reason (rate-limited), so that a client
    /// developer sees on the server's console why the app's connection was refused.
    public func handshakeFailed(connection: ConnectionInfo, failure: HandshakeFailure) {
        recorder.metricsShard.recordFailedHandshake()
        guard let suppressed = handshakeFailureLines.admit(now: monotonic.now()) else { return }
        var fields: [(StaticString, LogValue)] = [
            ("peer", .text(connection.peerHost)), ("listener", .text(connection.listenerName)), ("reason", .text(failure.reason)),
        ]
        if suppressed > 0 { fields.append(("suppressed", .integer(Int64(suppressed)))) }
        environment.logger.log(.warning, "tls handshake failed", fields)
    }
}
