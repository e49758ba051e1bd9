import CountersignClient
import Testing
import TestSupport

/// `--signature off`: clients that do not sign yet work unchanged, and the journal still shows what
/// the signature check would have said.
@Suite struct SignatureOffJournalTests {
    @Test func unenforcedSignaturesAreStillJudgedInTheJournal() throws {
        let server = try TestServer.forAdmin { $0.signature = .off }
        let admin = try AdminClient(server)
        var unsigned = server.signer().request("GET", "/api/v1/ping")
        unsigned.headers.remove(name: "X-SIGNATURE")
        var wrongSecret = server.signer()
        wrongSecret.secret = "not-the-secret"
        for request in [unsigned, wrongSecret.request("GET", "/api/v1/ping"), server.signer().request("GET", "/api/v1/ping")] {
            #expect(try ReceivedEnvelope(server.client().send(request)).code == 0)
        }
        let entries = try admin.journal()
        #expect(entries.map { $0["verdict"]?.stringValue } == ["valid", "invalid", "missing"])
    }
}
