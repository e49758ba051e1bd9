import CountersignClient
import Foundation
import JSON
import Testing
import TestSupport

/// The request journal (API.md "Admin API"): what it records, its filters, its bound, and what it
/// never records.
@Suite struct AdminJournalTests {
    @Test func recordsEachRequestWithItsVerdictNewestFirst() throws {
        let server = try TestServer.forAdmin()
        let admin = try AdminClient(server)
        let before = Int64(Date().timeIntervalSince1970 * 1000) - 1
        let valid = try server.client().send(server.signer().request("GET", "/api/v1/games", parameters: [("page", "2")]))
        _ = try server.signedCall("GET", "/api/v1/ping", client: TLSClient(host: "127.0.0.1", port: server.port, tls: server.clientTLS()))
        var wrongSecret = server.signer()
        wrongSecret.secret = "not-the-secret"
        _ = try server.client().send(wrongSecret.request("GET", "/api/v1/ping"))
        var unsigned = server.signer().request("GET", "/api/v1/ping")
        unsigned.headers.remove(name: "X-SIGNATURE")
        _ = try server.client().send(unsigned)
        var oldVersion = server.signer()
        oldVersion.apiVersion = "0.9"
        _ = try server.client().send(oldVersion.request("GET", "/api/v1/ping"))

        let entries = try admin.journal()
        #expect(entries.map { $0["verdict"]?.stringValue } == ["skipped", "missing", "invalid", "valid", "valid"])
        #expect(entries.map { $0["code"]?.intValue } == [10002, 10001, 10003, 0, 0])
        #expect(entries.map { $0["http_status"]?.intValue } == [400, 400, 403, 200, 200])

        let games = try #require(entries.last)
        #expect(games["request_id"]?.stringValue == valid.headers["X-Request-Id"])
        #expect(games["method"] == "GET")
        #expect(games["path"] == "/api/v1/games")
        #expect(games["params"] == ["page": "2"])
        #expect(games["headers"]?["X-API-VERSION"] == "1.0")
        #expect(games["diagnosis"] == .null)
        #expect(games["client_subject"] == .null)
        #expect((games["time_ms"]?.intValue ?? 0) >= before)
        #expect((games["latency_ms"]?.doubleValue ?? -1) >= 0)

        let invalid = entries[2]
        #expect(invalid["diagnosis"]?["canonical"] == "X-API-VERSION1.0<secret>")
        #expect(invalid["diagnosis"]?["likely_cause"]?.stringValue != nil)
    }

    @Test func filtersCountsAndClears() throws {
        let server = try TestServer.forAdmin()
        let admin = try AdminClient(server)
        let client = try server.client()
        for _ in 0..<3 { _ = try server.signedCall("GET", "/api/v1/ping", client: client) }
        _ = try server.signedCall("GET", "/api/v1/users/me", client: client)
        _ = try client.send(MobileRequestSigner(secret: "wrong").request("GET", "/api/v1/games"))

        #expect(try admin.journal("?limit=2").count == 2)
        #expect(try admin.journal("?path=/api/v1/ping").count == 3)
        #expect(try admin.journal("?verdict=invalid").map { $0["path"] } == ["/api/v1/games"])
        let newest = try #require(try admin.journal("?limit=1").first?["time_ms"]?.intValue)
        #expect(try admin.journal("?since=\(newest + 60_000)").isEmpty)
        #expect(try admin.journal("?since=\(newest - 60_000)").count == 5)

        #expect(try admin.count() == 5)
        #expect(try admin.count(#"{"method": "GET", "path": "/api/v1/ping", "verdict": "valid"}"#) == 3)
        #expect(try admin.count(#"{"path": "/api/v1/users/me"}"#) == 1)
        #expect(try admin.count(#"{"method": "POST"}"#) == 0)

        #expect(try admin.call("GET", "/__admin/requests?verdict=maybe").status == 400)
        #expect(try admin.call("GET", "/__admin/requests?limt=1").status == 400)
        #expect(try admin.call("POST", "/__admin/requests/count", #"{"verdict": 1}"#).status == 400)

        #expect(try admin.call("DELETE", "/__admin/requests").status == 204)
        #expect(try admin.count() == 0)
        #expect(try admin.journal("?path=/__admin/requests").isEmpty, "admin requests are not journaled")
    }

    @Test func escapesWhatItRecords() throws {
        let server = try TestServer.forAdmin()
        var signer = server.signer()
        signer.deviceID = "quote\" back\\slash \t 設備"
        let parameters = [("nickname", #"a "b" \c"#), ("tags", "x,y")]
        _ = try server.client().send(signer.request("GET", "/api/v1/games", parameters: parameters))
        let entry = try #require(try AdminClient(server).journal().first)
        #expect(entry["headers"]?["X-DEVICE-ID"]?.stringValue == signer.deviceID)
        #expect(entry["params"]?["nickname"]?.stringValue == #"a "b" \c"#)
    }

    @Test func keepsOnlyTheNewestJournalSizeEntries() throws {
        let server = try TestServer.forAdmin { $0.journalSize = 3 }
        let admin = try AdminClient(server)
        let client = try server.client()
        var ids: [String] = []
        for _ in 0..<5 {
            let response = try client.send(server.signer().request("GET", "/api/v1/ping"))
            ids.append(response.headers["X-Request-Id"] ?? "")
        }
        #expect(try admin.journal().map { $0["request_id"]?.stringValue ?? "" } == ids.suffix(3).reversed())
        #expect(try admin.call("GET", "/__admin/requests").json?["dropped"] == 2, "the two oldest are counted as dropped")
        #expect(try admin.call("POST", "/__admin/requests/count").json?["dropped"] == 2)
    }

    @Test func sinceInSecondsIsRefusedAndPathTakesTheGlobsFaultsTake() throws {
        let server = try TestServer.forAdmin()
        let admin = try AdminClient(server)
        for path in ["/api/v1/ping", "/api/v1/users/me", "/api/v1/games"] { _ = try server.signedCall("GET", path) }

        let seconds = Int(Date().timeIntervalSince1970)
        for reply in [try admin.call("GET", "/__admin/requests?since=\(seconds)"),
                      try admin.call("POST", "/__admin/requests/count", #"{"since": \#(seconds)}"#)] {
            #expect(reply.status == 400)
            let message = reply.json?["error"]?.stringValue ?? ""
            #expect(message.contains("milliseconds") && message.contains("seconds") && message.contains("\(seconds)000"), "\(message)")
        }
        #expect(try admin.journal("?since=0").count == 3)
        #expect(try admin.journal("?since=\(seconds - 60)000").count == 3)

        #expect(try admin.journal("?path=/api/v1/users/*").map { $0["path"] } == ["/api/v1/users/me"])
        #expect(try admin.count(#"{"path": "/api/v1/*"}"#) == 3)
        #expect(try admin.count(#"{"path": "*"}"#) == 3)
        #expect(try admin.count(#"{"path": "/api/v1/p?ng"}"#) == 0, "only * is special")
    }

    @Test func journalSizeZeroTurnsItOff() throws {
        let server = try TestServer.forAdmin { $0.journalSize = 0 }
        let admin = try AdminClient(server)
        _ = try server.signedCall("GET", "/api/v1/ping")
        #expect(try admin.call("GET", "/__admin/requests").text == #"{"requests":[],"dropped":0}"#)
        #expect(try admin.count() == 0)
        #expect(!FileManager.default.fileExists(atPath: server.directory.file("data/countersign.journal.sqlite")))
    }

    @Test func aDamagedJournalFileIsReplaced() throws {
        let server = try TestServer.forAdmin { configuration in
            let journal = configuration.databasePath.replacingOccurrences(of: ".sqlite", with: ".journal.sqlite")
            try? FileManager.default.createDirectory(atPath: (journal as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: journal, contents: Data(repeating: 0x5A, count: 8192))
        }
        _ = try server.signedCall("GET", "/api/v1/ping")
        #expect(try AdminClient(server).count() == 1)
    }

    @Test func neverRecordsTheSecretAWholeTokenOrAPassword() throws {
        let server = try TestServer.forAdmin()
        let admin = try AdminClient(server)
        let client = try server.client()
        let password = "Unusual-Pa55word"
        _ = try server.signedCall("POST", "/api/v1/users/register", parameters: [("phone", "13911112222"), ("password", password)], client: client)
        let login = try server.signedCall("POST", "/api/v1/users/login", parameters: [("phone", "13911112222"), ("password", password)], client: client)
        let token = try #require(login.data["token"]?.stringValue)
        _ = try server.signedCall("GET", "/api/v1/users/me", token: token, client: client)
        // A wrong signature: the diagnosis's canonical string holds every parameter value.
        var wrong = MobileRequestSigner(secret: "wrong")
        wrong.token = token
        _ = try client.send(wrong.request("POST", "/api/v1/users/profile", parameters: [("nickname", "Ada"), ("new_password", password)]))

        let text = try admin.call("GET", "/__admin/requests").text
        #expect(!text.contains(TestServer.defaultSecret))
        #expect(!text.contains(token))
        #expect(!text.contains(password))
        let entries = try admin.journal()
        #expect(entries.count == 4)
        #expect(entries.contains { $0["headers"]?["Authorization"]?.stringValue == "Bearer \(token.prefix(8))…" })
        #expect(entries.contains { $0["params"]?["password"] == "***" })
        let diagnosis = try #require(entries.first?["diagnosis"]?["canonical"]?.stringValue)
        #expect(diagnosis.contains("new_password***"))
    }
}
