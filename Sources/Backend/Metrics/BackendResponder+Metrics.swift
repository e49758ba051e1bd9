import HTTP
import Transport

extension BackendResponder {
    /// The route every admin request is counted under.
    static let adminRoute = "/__admin"

    /// Counts an answered request in this loop's shard (`latency` in milliseconds).
    func recordMetrics(_ request: HTTPRequest, route: String, status: Int?, code: Int?, verdict: JournalVerdict?, latency: Double) {
        let labels = RequestLabels(route: route, method: request.method, status: status, code: code, verdict: verdict)
        let statements = store.statementTiming.since(statementsAtStart)
        metricsShard.recordRequest(labels, seconds: latency / 1000, statements: statements)
    }

    /// The route template an `/api/` request on `path` is counted under, from the pipeline's `match`:
    /// the API route for its path (whatever its method), else the path of a stub defined for it, else `other`.
    func apiRoute(for path: String, _ match: Router<APIRoute>.Match) -> String {
        guard case .notFound = match else { return path }
        return environment.stubs.first { $0.path == path }?.path ?? RequestLabels.unmatchedRoute
    }

    public func handshakeCompleted(connection: ConnectionInfo) {
        metricsShard.recordHandshake(resumed: connection.sessionResumed)
    }
}
