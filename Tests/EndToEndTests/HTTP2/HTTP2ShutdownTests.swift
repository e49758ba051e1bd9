import CountersignClient
import Foundation
import HTTP
import JSON
import System
import Testing
import TestSupport
import TLS

/// SIGTERM with an HTTP/2 stream in flight: the server sends GOAWAY, finishes the stream, exits 0.
@Suite struct HTTP2ShutdownTests {
    @Test func sigtermFinishesTheStreamInFlightAndExitsZero() async throws {
        let directory = TemporaryDirectory("term-h2")
        defer { directory.remove() }
        let server = try await ServerProcess.start(arguments: ["--certs", directory.file("certs"), "--db", directory.file("data/db.sqlite"),
                                                   "--seed", RepositoryFiles.seed, "--password-iterations", "1000"])
        let trust = TLSClientConfiguration(trustRootsPEMPath: directory.file("certs/ca.pem"), serverName: "localhost")
        let admin = try TLSClient(host: "127.0.0.1", port: server.port, tls: trust, timeoutSeconds: Patience.seconds)
        func adminCall(_ method: String, _ path: String, _ body: String = "") throws -> HTTPResponse {
            try admin.send(HTTPRequest(method: method, target: path, headers: ["Host": "localhost", "Content-Type": "application/json"],
                                       body: Array(body.utf8)))
        }
        #expect(try adminCall("POST", "/__admin/faults", #"{"path": "/api/v1/ping", "delay_ms": 1500, "times": 1}"#).status.code == 201)

        let answer = LockedValue<Int64?>(nil)
        let port = server.port
        Thread {
            let client = try? HTTP2Client(host: "127.0.0.1", port: port, tls: trust)
            let request = MobileRequestSigner(secret: TestServer.defaultSecret).request("GET", "/api/v1/ping")
            let code = (try? client?.send(request)).flatMap { try? ReceivedEnvelope($0).code }
            answer.withLock { $0 = code }
        }.start()
        // The fault is used up once the request is being answered: the stream is then in flight.
        #expect(try await eventually {
            try JSONParser.parse(adminCall("GET", "/__admin/faults").body)["faults"] == []
        })
        admin.close()
        let stopping = Date()
        #expect(await server.stop(signal: SIGTERM) == 0)
        let seconds = Date().timeIntervalSince(stopping)
        #expect(answer.withLock { $0 } == 0, "the stream in flight was answered before the exit")
        // The 10 s grace period is a ceiling: the connection closes once its stream is done, so no
        // connection is left for the end of the grace period to close. The server's own account, not
        // the time it took, which a loaded machine stretches.
        #expect(await eventually { server.logs.lines.contains { $0.contains(#""stopped""#) } })
        let closes = server.logs.lines.filter { $0.contains("connection closed") }
        #expect(!closes.contains { $0.contains("shutdown grace period ended") }, "exit after \(seconds) s: \(server.logs.lines)")
    }
}
