import CountersignClient
import CountersignServer
import Foundation
import JSON
import Testing
import TestSupport

/// `countersign record --from journal`: traffic through a proxy, the proxy stopped, the built
/// binary run on its journal, and the stubs it wrote played back with the upstream stopped.
@Suite struct ProxyJournalRecordingTests {
    @Test func theJournalsProxiedAnswersReplayOfflineInOrderStillSignatureCheckedWithoutSecrets() async throws {
        let proxyFiles = TemporaryDirectory("proxy")
        let folder = TemporaryDirectory("from-journal")
        defer { proxyFiles.remove() }
        let database = proxyFiles.file("data/countersign.sqlite")
        let secretToken = "upstream-secret-token-0123456789"
        // The upstream and the proxy live in this block: both are stopped once it ends.
        let (token, first): (String, ReceivedEnvelope) = try {
            let upstream = try TestServer.forAdmin()
            let upstreamAdmin = try AdminClient(upstream)
            #expect(try upstreamAdmin.call("POST", "/__admin/stubs", """
                {"method": "GET", "path": "/api/v1/orders/42", "data": {"id": 42, "state": "new", "access_token": "\(secretToken)"}}
                """).status == 201)
            let proxy = try ProxyTests.proxy(to: upstream) { $0.databasePath = database }
            let token = try proxy.demoToken()
            let first = try proxy.signedCall("GET", "/api/v1/orders/42", token: token)
            _ = try proxy.signedCall("GET", "/api/v1/orders/42", token: token)
            // The upstream's answer to the same request changes: the recording is a two-state scenario.
            #expect(try upstreamAdmin.call("DELETE", "/__admin/stubs").status == 204)
            #expect(try upstreamAdmin.call("POST", "/__admin/stubs", """
                {"method": "GET", "path": "/api/v1/orders/42", "data": {"id": 42, "state": "paid"}}
                """).status == 201)
            let second = try proxy.signedCall("GET", "/api/v1/orders/42", token: token)
            #expect(first.data["state"] == "new")
            #expect(second.data["state"] == "paid")
            let entry = try AdminClient(proxy).journal().first
            #expect(entry?["answer"]?["body"]?["data"] == ["id": 42, "state": "paid"], "the listing shows the kept answer")
            return (token, first)
        }()

        let run = try await ExternalCommand.run(ServerProcess.executablePath,
                                          ["record", "--from", "journal", "--db", database, "--out", folder.path, "--path", "/api/v1/orders*"])
        #expect(run.status == 0, "\(run.errorOutput)")
        let summary = try JSONParser.parse(Array(run.output.utf8))
        #expect(summary["written"] == 1)
        #expect(summary["varied"] == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["get_api_v1_orders__id_.2.json", "get_api_v1_orders__id_.json"])
        for file in files {
            let text = try String(contentsOfFile: folder.file(file), encoding: .utf8)
            for secret in [secretToken, token, TestServer.demoPassword, TestServer.defaultSecret] {
                #expect(!text.contains(secret), "\(file) holds a secret")
            }
        }

        let playback = try TestServer.forAdmin(stubs: folder.path)
        let replayed = try (0..<3).map { _ in try playback.signedCall("GET", "/api/v1/orders/42") }
        #expect(replayed.map { $0.data["state"] } == ["new", "paid", "paid"], "the answers in order, the last staying")
        #expect(replayed[0].data["access_token"] == "***")
        #expect(replayed[0].code == first.code)
        var wrong = playback.signer()
        wrong.secret = "not-the-secret"
        #expect(try ReceivedEnvelope(playback.client().send(wrong.request("GET", "/api/v1/orders/42"))).code == 10003)
    }

    @Test func theCommandRefusesAMissingJournalAndAFileThatIsNotOne() async throws {
        let directory = TemporaryDirectory("no-journal")
        defer { directory.remove() }
        let missing = try await ExternalCommand.run(ServerProcess.executablePath,
                                              ["record", "--from", "journal", "--journal", directory.file("none.sqlite"), "--out", directory.file("out")])
        #expect(missing.status == 2)
        #expect(missing.errorOutput.contains("no journal at"))
        let other = directory.file("other.sqlite")
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: other))
        let refused = try await ExternalCommand.run(ServerProcess.executablePath,
                                              ["record", "--from", "journal", "--journal", other, "--out", directory.file("out")])
        #expect(refused.status == 1)
        #expect(try String(contentsOfFile: other, encoding: .utf8) == "not a database", "the file is left as it was")
    }
}
