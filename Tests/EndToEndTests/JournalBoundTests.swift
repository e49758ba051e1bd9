import CountersignClient
import CountersignServer
import Foundation
import JSON
import Testing
import TestSupport

/// The journal's bound in bytes (API.md "Admin API"): each entry small whatever the request
/// carried, the whole journal within `--journal-bytes`, and every dropped entry counted.
@Suite struct JournalBoundTests {
    /// The bytes the journal takes on disk: its file and its WAL.
    private func journalFilesSize(_ server: TestServer) -> Int {
        ["", "-wal"].reduce(0) { total, suffix in
            let path = server.directory.file("data/countersign.journal.sqlite" + suffix)
            return total + ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
        }
    }

    /// Sends `count` requests signed with the wrong secret, each with a `note` of `noteBytes` bytes.
    private func sendMisSigned(_ count: Int, noteBytes: Int, to server: TestServer) throws -> [String] {
        // A patient client: a mis-signed 200 KB request is diagnosed in about 350 ms in a debug
        // build, several seconds under AddressSanitizer with the whole suite running.
        let client = try TLSClient(host: "127.0.0.1", port: server.port, tls: server.clientTLS(), timeoutSeconds: 120)
        let note = String(repeating: "n", count: noteBytes)
        return try (0..<count).map { _ in
            let response = try client.send(MobileRequestSigner(secret: "wrong").request("POST", "/api/v1/checkin", parameters: [("note", note)]))
            #expect(response.status.code == 403)
            return response.headers["X-Request-Id"] ?? ""
        }
    }

    @Test func misSignedMegabyteRequestsKeepTheJournalSmall() throws {
        let server = try TestServer.forAdmin()
        let admin = try AdminClient(server)
        _ = try sendMisSigned(6, noteBytes: 200_000, to: server)
        let listing = try admin.call("GET", "/__admin/requests?limit=100")
        let entries = try #require(listing.json?["requests"]?.arrayValue)
        #expect(entries.count == 6)
        let onDisk = journalFilesSize(server)
        #expect(onDisk < 2 << 20, "6 MB of requests: \(onDisk) bytes on disk")
        let newest = try #require(entries.first)
        #expect(JSONWriter.serialize(newest).utf8.count < 64 << 10)
        #expect(newest["params"]?["note"]?.stringValue == String(repeating: "n", count: 4096) + "…(200000 bytes)")
        let canonical = try #require(newest["diagnosis"]?["canonical"]?.stringValue)
        #expect(canonical.utf8.count < 4200 && canonical.hasSuffix(" bytes)"), "the diagnosis's canonical string is cut too")
    }

    @Test func theByteBudgetKeepsTheNewestAndCountsWhatItDrops() throws {
        let server = try TestServer.forAdmin { $0.journalBytes = 30_000 }
        let admin = try AdminClient(server)
        let ids = try sendMisSigned(10, noteBytes: 6_000, to: server)
        let listing = try #require(try admin.call("GET", "/__admin/requests").json)
        let entries = try #require(listing["requests"]?.arrayValue)
        let dropped = try #require(listing["dropped"]?.intValue)
        #expect(!entries.isEmpty && dropped > 0)
        #expect(entries.count + Int(dropped) == 10, "each request is either listed or counted as dropped")
        #expect(entries.map { $0["request_id"]?.stringValue ?? "" } == ids.suffix(entries.count).reversed())
        #expect(entries.reduce(0) { $0 + JSONWriter.serialize($1).utf8.count } <= 30_000)

        let count = try #require(try admin.call("POST", "/__admin/requests/count", "{}").json)
        #expect(count == ["count": .number(JSONNumber(entries.count)), "dropped": .number(JSONNumber(Int(dropped)))])
        #expect(try admin.call("DELETE", "/__admin/requests").status == 204)
        #expect(try admin.call("GET", "/__admin/requests").text == #"{"requests":[],"dropped":0}"#)
    }
}
