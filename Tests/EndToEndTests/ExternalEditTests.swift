import Foundation
import Store
import Testing
import TestSupport

/// A developer edits the database while the server runs (as with the `sqlite3` shell): the very
/// next call sees the edit, although each event loop keeps the sessions it authenticated.
@Suite struct ExternalEditTests {
    /// Enough calls on new connections that both event loops have authenticated the token.
    private static let callsPerStep = 8

    /// A running server, a token its loops have authenticated on `path`, and a second connection to
    /// its database file.
    private static func authenticated(on path: String) throws -> (server: TestServer, token: String, file: Store) {
        let server = try TestServer()
        let token = try server.demoToken()
        for _ in 0..<callsPerStep {
            #expect(try server.signedCall("GET", path, token: token).code == 0)
        }
        return (server, token, try Store(path: server.directory.file("data/countersign.sqlite")))
    }

    @Test func expiringTokensInTheFileGivesTheNextCall20104() throws {
        let (server, token, file) = try Self.authenticated(on: "/api/v1/checkin")
        #expect(try file.expireTokens(matching: .all, now: Int64(Date().timeIntervalSince1970)) == 1)
        for _ in 0..<Self.callsPerStep {
            let envelope = try server.signedCall("GET", "/api/v1/checkin", token: token)
            #expect(envelope.code == 20104)
            #expect(envelope.status == 401)
        }
    }

    @Test func aUserEditedInTheFileIsWhatTheNextCallShows() throws {
        let (server, token, file) = try Self.authenticated(on: "/api/v1/users/me")
        let user = try #require(try file.user(phone: TestServer.demoPhone))
        _ = try file.updateProfile(userID: user.id, nickname: "edited-in-the-file", avatarURL: nil)
        for _ in 0..<Self.callsPerStep {
            let me = try server.signedCall("GET", "/api/v1/users/me", token: token)
            #expect(me.data["user"]?["nickname"]?.stringValue == "edited-in-the-file")
        }
    }
}
