import CountersignClient
import HTTP
import JSON
import Store
import Testing
import TestSupport

/// `/readyz` runs `PRAGMA quick_check`: a database damaged while the server runs is reported as not
/// ready, with what to do, instead of passing and then answering 50000.
@Suite struct ReadinessTests {
    private func readiness(of server: TestServer) throws -> (status: Int, body: JSONValue) {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: "localhost")
        let response = try server.client().send(HTTPRequest(method: "GET", target: "/readyz", version: .http1_1, headers: headers, body: []))
        return (response.status.code, try JSONParser.parse(response.body))
    }

    @Test func aDamagedDatabaseIsNotReady() throws {
        let server = try TestServer()
        #expect(try readiness(of: server).status == 200)
        let path = server.server.configuration.databasePath
        try DamagedDatabase.overwriteGamesTable(of: path)
        // A write through another connection makes the server's connections drop their page cache.
        _ = try Store(path: path).recordNonce(appKey: "demo-app", nonce: "after-damage", seenAt: 1)
        let damaged = try readiness(of: server)
        #expect(damaged.status == 503)
        #expect(damaged.body["database"]?.stringValue == "damaged")
        #expect(damaged.body["reason"]?.stringValue?.contains("restore a copy") == true, "\(damaged.body)")
    }
}
