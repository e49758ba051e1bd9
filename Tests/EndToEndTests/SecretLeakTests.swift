import CountersignClient
import Foundation
import HTTP
import JSON
import Testing
import TestSupport

/// Nothing the server writes (log lines, the journal through the admin API, the database and journal
/// files on disk, the answers) contains the signing secret, a whole token or a password.
@Suite struct SecretLeakTests {
    @Test func noSecretTokenOrPasswordInAnythingTheServerWrote() throws {
        let server = try TestServer.forAdmin()
        let client = try server.client()
        var signer = server.signer()
        var answers: [String] = []
        func send(_ request: HTTPRequest) throws -> ReceivedEnvelope {
            let response = try client.send(request)
            answers.append(String(decoding: response.body, as: UTF8.self))
            return try ReceivedEnvelope(response)
        }
        let newPassword = "a-new-password-42"
        _ = try send(signer.request("POST", "/api/v1/users/register", parameters: [("phone", "13711112222"), ("password", newPassword)]))
        _ = try send(signer.request("POST", "/api/v1/users/login", parameters: [("phone", "13711112222"), ("password", "wrong-\(newPassword)")]))
        let login = try send(signer.request("POST", "/api/v1/users/login", parameters: [("phone", "13711112222"), ("password", newPassword)], encoding: .json))
        let token = try #require(login.data["token"]?.stringValue)
        signer.token = token
        _ = try send(signer.request("GET", "/api/v1/checkin"))
        _ = try send(signer.request("POST", "/api/v1/checkin"))
        var wrong = signer
        wrong.secret = "not-the-secret"
        _ = try send(wrong.request("GET", "/api/v1/users/me"))
        let refreshed = try send(signer.request("POST", "/api/v1/users/token/refresh"))
        let newToken = try #require(refreshed.data["token"]?.stringValue)

        let journal = try AdminClient(server).journal()
        #expect(journal.count >= 7)
        // The apps table holds the signing secrets by design (the server must know them); everything
        // else the server writes must hold none of them.
        var written = server.logs.lines + journal.map { JSONWriter.serialize($0) }
        var database: [String] = []
        let dataFolder = server.directory.file("data")
        for file in try FileManager.default.contentsOfDirectory(atPath: dataFolder) {
            let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: dataFolder + "/" + file)), as: UTF8.self)
            if file.contains("journal") { written.append(text) } else { database.append(text) }
        }
        for (name, secret) in [("secret", TestServer.defaultSecret), ("token", token), ("refreshed token", newToken),
                               ("password", newPassword)] {
            #expect(!written.contains { $0.contains(secret) }, "the \(name) is in the logs or the journal")
        }
        for (name, secret) in [("token", token), ("refreshed token", newToken), ("password", newPassword)] {
            #expect(!database.contains { $0.contains(secret) }, "the \(name) is in the database")
        }
        #expect(!answers.contains { $0.contains(TestServer.defaultSecret) || $0.contains(newPassword) })
    }
}
