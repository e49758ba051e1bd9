import Crypto
import HTTP
import JSON
import Signing
import Store
import Transport

/// Answers every request of one event loop: the operational endpoints and the signed API.
/// It owns the loop's database connection, so it is used on that loop's thread only.
public final class BackendResponder: HTTPResponder {
    let environment: BackendEnvironment
    let store: Store
    let router = APIRoutes.make()
    let canonicalizer: Canonicalizer
    let verifier: SignatureVerifier
    private var requestIDs: RequestIDGenerator
    private let monotonic = SystemMonotonicClock()

    /// A responder for loop `loopIndex`, opening its own connection to the database.
    public init(environment: BackendEnvironment, loopIndex: Int) throws(StoreError) {
        self.environment = environment
        store = try Store(path: environment.databasePath)
        canonicalizer = Canonicalizer(policy: environment.settings.signingPolicy)
        verifier = SignatureVerifier(policy: environment.settings.signingPolicy)
        requestIDs = RequestIDGenerator(loopIndex: loopIndex)
    }

    public func respond(to request: HTTPRequest, connection: ConnectionInfo) -> ResponsePlan {
        let started = monotonic.now()
        let requestID = requestIDs.next()
        let (response, code) = route(request, requestID: requestID)
        let latency = Double(monotonic.now().nanoseconds - started.nanoseconds) / 1_000_000
        var fields: [(String, JSONValue)] = [
            ("request_id", .string(requestID)), ("method", .string(request.method)), ("path", .string(request.path)),
            ("status", .number(JSONNumber(Int64(response.status.code)))),
        ]
        if let code { fields.append(("code", .number(JSONNumber(Int64(code.rawValue))))) }
        fields.append(("latency_ms", .number(JSONNumber((latency * 1000).rounded() / 1000))))
        fields.append(("peer", .string(connection.peer.host)))
        if let subject = connection.clientSubject { fields.append(("client_subject", .string(subject))) }
        environment.logger.log("info", "request", fields)
        return ResponsePlan(response: response)
    }

    /// The response and, under `/api/`, the envelope code.
    private func route(_ request: HTTPRequest, requestID: String) -> (HTTPResponse, ResultCode?) {
        if request.path.hasPrefix("/api/") {
            let language = Language.negotiate(request.headers["Accept-Language"])
            return answerAPI(request, requestID: requestID, language: language)
        }
        return (OperationalEndpoints.respond(to: request, requestID: requestID, store: store, settings: environment.settings), nil)
    }
}
