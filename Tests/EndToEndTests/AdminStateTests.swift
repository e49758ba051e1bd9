import Crypto
import Foundation
import JSON
import Testing
import TestSupport

/// Tokens expired on demand, reset to the seed, the configuration view and the pins.
@Suite struct AdminStateTests {
    @Test func expiringByPhoneGivesTheNextCall20104() throws {
        let server = try TestServer.forAdmin()
        let admin = try AdminClient(server)
        let token = try server.demoToken()
        #expect(try server.signedCall("GET", "/api/v1/users/me", token: token).code == 0)
        let expired = try admin.call("POST", "/__admin/tokens/expire", #"{"phone": "\#(TestServer.demoPhone)"}"#)
        #expect(expired.status == 200)
        #expect(expired.json == ["expired": 1])
        let after = try server.signedCall("GET", "/api/v1/users/me", token: token)
        #expect(after.code == 20104)
        #expect(after.status == 401)
    }

    @Test func expiringByThePrefixTheJournalShows() throws {
        let server = try TestServer.forAdmin()
        let admin = try AdminClient(server)
        let first = try server.demoToken()
        let second = try server.demoToken()
        _ = try server.signedCall("GET", "/api/v1/users/me", token: second)
        let shown = try #require(try admin.journal("?limit=1").first?["headers"]?["Authorization"]?.stringValue)
        #expect(try admin.call("POST", "/__admin/tokens/expire", #"{"token_prefix": "\#(shown)"}"#).json == ["expired": 1])
        #expect(try server.signedCall("GET", "/api/v1/users/me", token: second).code == 20104)
        #expect(try server.signedCall("GET", "/api/v1/users/me", token: first).code == 0)
        #expect(try admin.call("POST", "/__admin/tokens/expire", #"{"all": true}"#).json == ["expired": 1])
        #expect(try server.signedCall("GET", "/api/v1/users/me", token: first).code == 20104)
        for body in ["{}", #"{"all": false}"#, #"{"phone": "13800000000", "all": true}"#, #"{"token_prefix": "0a8c"}"#, #"{"user": 1}"#] {
            #expect(try admin.call("POST", "/__admin/tokens/expire", body).status == 400, "\(body)")
        }
    }

    @Test func resetRestoresTheSeedAndClearsWhatTestsAdded() throws {
        let server = try TestServer.forAdmin(stubs: RepositoryFiles.root + "/stubs")
        let admin = try AdminClient(server)
        let registered = try server.signedCall("POST", "/api/v1/users/register", parameters: [("phone", "13955556666"), ("password", "a-new-password")])
        #expect(registered.code == 0)
        let token = try server.demoToken()
        try admin.call("POST", "/__admin/faults", #"{"path": "/api/v1/games", "code": 50000}"#)
        try admin.call("POST", "/__admin/stubs", #"{"method": "GET", "path": "/api/v1/extra"}"#)
        #expect(try admin.call("DELETE", "/__admin/stubs/1").status == 204, "the file stub is removed until the reset")
        #expect(try server.signedCall("GET", "/api/v1/banner").code == 10404)

        let reset = try admin.call("POST", "/__admin/reset")
        #expect(reset.status == 200)
        #expect(reset.json == ["reset": true])
        #expect(try admin.call("POST", "/__admin/reset", "{}").json == ["reset": true], "a body is accepted and ignored")
        #expect(try admin.count() == 0)
        #expect(try admin.call("GET", "/__admin/faults").json?["faults"] == [])
        #expect(try admin.call("GET", "/__admin/stubs").json?["stubs"]?.arrayValue?.map { $0["path"] } == ["/api/v1/banner"])
        let login = try server.signedCall("POST", "/api/v1/users/login", parameters: [("phone", "13955556666"), ("password", "a-new-password")])
        #expect(login.code == 20102, "the user registered after the seed is gone")
        #expect(try server.signedCall("GET", "/api/v1/users/me", token: token).code == 20104)
        #expect(try server.signedCall("GET", "/api/v1/games").code == 0)
        #expect(try server.signedCall("GET", "/api/v1/extra").code == 10404)
        #expect(try server.signedCall("GET", "/api/v1/banner").code == 0)
    }

    @Test func configShowsEffectiveValuesWithSecretsRedacted() throws {
        let server = try TestServer.forAdmin {
            $0.secret = "config-test-secret"
            $0.adminToken = "config-test-admin-token"
            $0.clientP12Password = "config-test-p12"
            $0.tokenTTLSeconds = 7200
        }
        let reply = try AdminClient(server, adminToken: "config-test-admin-token").call("GET", "/__admin/config")
        #expect(reply.status == 200)
        for secret in ["config-test-secret", "config-test-admin-token", "config-test-p12"] {
            #expect(!reply.text.contains(secret))
        }
        let config = try #require(reply.json)
        #expect(config["secret"] == "<redacted>")
        #expect(config["admin_token"] == "<redacted>")
        #expect(config["client_p12_password"] == "<redacted>")
        #expect(config["token_ttl"] == "2h")
        #expect(config["journal_size"] == 10000)
        #expect(config["signed_headers"] == ["X-API-VERSION", "Authorization", "X-DEVICE-ID"])
        #expect(config["host"] == "127.0.0.1")
    }

    @Test func pinsAreTheCertificateFilesOfTheServer() throws {
        let server = try TestServer.forAdmin()
        let reply = try AdminClient(server).call("GET", "/__admin/pins")
        #expect(reply.status == 200)
        let pins = try #require(reply.json)
        let pinFile = try String(contentsOfFile: server.certificates.serverSPKIPin, encoding: .utf8)
        #expect(pins["spki_sha256"]?.stringValue == pinFile.trimmingCharacters(in: .whitespacesAndNewlines))
        let der = try Data(contentsOf: URL(fileURLWithPath: server.certificates.serverDER))
        #expect(pins["server_cer_base64"]?.stringValue == Base64.encode(der))
        #expect(pins["ca_pem"]?.stringValue == (try String(contentsOfFile: server.certificates.caCertificate, encoding: .utf8)))
        #expect(pins["ca_pem"]?.stringValue?.contains("PRIVATE KEY") == false)
    }
}
