import Backend
import CountersignClient
import Foundation
import HTTP
import JSON
import Store
import System
import Telemetry
@testable import Transport

/// One event loop's `BackendResponder` on a temporary database created from seed.sql, driven
/// directly with `HTTPRequest` values (no sockets, no TLS) and a `ManualClock`.
public final class InMemoryBackend: @unchecked Sendable {
    public let directory: TemporaryDirectory
    public let clock: ManualClock
    public let environment: BackendEnvironment
    public let responder: BackendResponder
    /// Every line the backend logs.
    public let logs = LogCapture()
    /// The connection every request arrives on: a loopback client, so the admin API is open.
    public let connection: ConnectionInfo

    /// A backend with the server's defaults (but cheap password hashing); `configure` adjusts them.
    public init(clock: ManualClock = ManualClock(), stubs: [Stub] = [], adminToken: String? = nil,
                _ configure: (inout BackendSettings) -> Void = { _ in }) throws {
        self.clock = clock
        directory = TemporaryDirectory("pipeline")
        var settings = BackendSettings(timeZone: try TimeZoneRules(identifier: "Asia/Shanghai"))
        settings.passwordIterations = 1_000
        configure(&settings)
        let seed = try String(contentsOfFile: RepositoryFiles.seed, encoding: .utf8)
        let path = directory.file("countersign.sqlite")
        try Store.create(at: path, seedSQL: seed)
        let apps = try AppRegistry(records: Store(path: path).allApps(), defaultSecretOverride: settings.defaultSecretOverride)
        let logs = self.logs
        let logger = Logger(format: .json, sink: { logs.append($0) })
        logs.attach(flush: logger.flush)
        var admin = AdminSettings()
        admin.seedSQL = seed
        admin.adminToken = adminToken
        environment = BackendEnvironment(settings: settings, apps: apps, logger: logger, databasePath: path, clock: clock,
                                         admin: admin, stubs: stubs)
        responder = try BackendResponder(environment: environment, loopIndex: 0)
        connection = ConnectionInfo(id: 1, peer: try SocketAddress(host: "127.0.0.1", port: 50_000), listenerName: "main")
    }

    /// The responder's plan for `request`.
    public func plan(_ request: HTTPRequest) -> ResponsePlan {
        responder.respond(to: request, connection: connection)
    }

    /// The responder's response to `request`.
    public func send(_ request: HTTPRequest) -> HTTPResponse { plan(request).response }

    /// The responder's response to `request` from a client at `host` (an IPv4 or IPv6 address).
    public func send(_ request: HTTPRequest, fromHost host: String) throws -> HTTPResponse {
        let peer = ConnectionInfo(id: 2, peer: try SocketAddress(host: host, port: 50_001), listenerName: "main")
        return responder.respond(to: request, connection: peer).response
    }

    /// The envelope of the response to `request`.
    public func envelope(_ request: HTTPRequest) throws -> ReceivedEnvelope { try ReceivedEnvelope(send(request)) }

    /// A signer with the default app's secret, as the app signs.
    public func signer() -> MobileRequestSigner { MobileRequestSigner(secret: TestServer.defaultSecret) }

    /// The envelope of a request signed as the app signs it.
    public func signedCall(_ method: String, _ path: String, parameters: [(String, String)] = [],
                           token: String? = nil) throws -> ReceivedEnvelope {
        var signer = signer()
        signer.token = token
        return try envelope(signer.request(method, path, parameters: parameters))
    }

    /// Logs the demo user in and returns the token.
    public func logIn(phone: String = TestServer.demoPhone, password: String = TestServer.demoPassword) throws -> String {
        let reply = try signedCall("POST", "/api/v1/users/login", parameters: [("phone", phone), ("password", password)])
        guard case .string(let token)? = reply.data["token"] else { throw EnvelopeError(body: "login answered \(reply.code)") }
        return token
    }

    /// An admin API call from the loopback connection: the status and the JSON answer.
    public func admin(_ method: String, _ path: String, _ json: String? = nil) -> (status: Int, json: JSONValue?) {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "localhost")
        if json != nil { headers.add(name: "Content-Type", value: "application/json") }
        let response = send(HTTPRequest(method: method, target: path, version: .http1_1, headers: headers, body: Array((json ?? "").utf8)))
        return (response.status.code, try? JSONParser.parse(response.body))
    }
}
