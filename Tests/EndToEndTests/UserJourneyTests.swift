import CountersignClient
import JSON
import Testing
import TestSupport

/// The whole journey of API.md "Endpoints", over TLS, signed as the mobile client signs.
@Suite(.serialized) struct UserJourneyTests {
    let server: TestServer
    init() throws { server = try TestServer() }

    @Test func registerLoginCheckInHistoryLogout() throws {
        let client = try server.client()
        var signer = server.signer()
        signer.deviceID = "3141CBCA-730B-467C-A5A7-49B5F181D866"

        let registered = try ReceivedEnvelope(client.send(signer.request("POST", "/api/v1/users/register",
            parameters: [("phone", "13912345678"), ("password", "s3cret-pass"), ("nickname", "Ada")])))
        #expect(registered.code == 0)
        #expect(registered.data["user"]?["phone"] == "139****5678")
        #expect(registered.data["user"]?["nickname"] == "Ada")

        let duplicate = try ReceivedEnvelope(client.send(signer.request("POST", "/api/v1/users/register",
            parameters: [("phone", "13912345678"), ("password", "another-pass")])))
        #expect(duplicate.code == 20101)
        #expect(duplicate.status == 200)

        let wrongPassword = try ReceivedEnvelope(client.send(signer.request("POST", "/api/v1/users/login",
            parameters: [("phone", "13912345678"), ("password", "wrong-password")])))
        let unknownPhone = try ReceivedEnvelope(client.send(signer.request("POST", "/api/v1/users/login",
            parameters: [("phone", "13999999999"), ("password", "wrong-password")])))
        #expect(wrongPassword.code == 20102)
        #expect(unknownPhone.code == 20102)
        #expect(wrongPassword.message == unknownPhone.message)

        let login = try ReceivedEnvelope(client.send(signer.request("POST", "/api/v1/users/login",
            parameters: [("phone", "13912345678"), ("password", "s3cret-pass")])))
        #expect(login.code == 0)
        let token = try #require(login.data["token"]?.stringValue)
        #expect(token.count == 64)
        #expect(login.data["expires_at"]?.intValue ?? 0 > login.data["user"]?["created_at"]?.intValue ?? Int64.max)
        signer.token = token

        let me = try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/users/me")))
        #expect(me.code == 0)
        #expect(me.data["user"]?["id"] == registered.data["user"]?["id"])

        let status = try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/checkin")))
        #expect(status.data["can_checkin"] == true)
        #expect(status.data["streak"] == 0)
        #expect(status.data["last_checkin_at"] == .null)

        let checkin = try ReceivedEnvelope(client.send(signer.request("POST", "/api/v1/checkin")))
        #expect(checkin.code == 0)
        #expect(checkin.data["streak"] == 1)
        let day = try #require(checkin.data["checkin"]?["day"]?.stringValue)
        #expect(day.count == 10)

        let again = try ReceivedEnvelope(client.send(signer.request("POST", "/api/v1/checkin")))
        #expect(again.code == 20105)

        let after = try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/checkin")))
        #expect(after.data["can_checkin"] == false)
        #expect(after.data["streak"] == 1)
        #expect(after.data["last_checkin_at"] == checkin.data["checkin"]?["created_at"])

        let history = try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/checkin/history", parameters: [("page", "1"), ("size", "10")])))
        #expect(history.data["total"] == 1)
        #expect(history.data["items"]?.arrayValue?.first?["day"]?.stringValue == day)

        let profile = try ReceivedEnvelope(client.send(signer.request("POST", "/api/v1/users/profile",
            parameters: [("nickname", "Ada L."), ("avatar_url", "https://example.com/a.png")])))
        #expect(profile.data["user"]?["nickname"] == "Ada L.")
        #expect(profile.data["user"]?["avatar_url"] == "https://example.com/a.png")

        let logout = try ReceivedEnvelope(client.send(signer.request("POST", "/api/v1/users/logout")))
        #expect(logout.code == 0)
        #expect(logout.data == .null)

        let afterLogout = try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/users/me")))
        #expect(afterLogout.code == 20104)
        #expect(afterLogout.status == 401)
    }

    @Test func refreshRevokesTheOldToken() throws {
        let client = try server.client()
        var signer = server.signer()
        let login = try ReceivedEnvelope(client.send(signer.request("POST", "/api/v1/users/login",
            parameters: [("phone", TestServer.demoPhone), ("password", TestServer.demoPassword)])))
        let oldToken = try #require(login.data["token"]?.stringValue)
        signer.token = oldToken
        let refreshed = try ReceivedEnvelope(client.send(signer.request("POST", "/api/v1/users/token/refresh")))
        let newToken = try #require(refreshed.data["token"]?.stringValue)
        #expect(newToken != oldToken)

        let withOld = try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/users/me")))
        #expect(withOld.code == 20104)
        signer.token = newToken
        let withNew = try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/users/me")))
        #expect(withNew.code == 0)
    }

    @Test func disabledAccountCannotLogIn() throws {
        let client = try server.client()
        let login = try ReceivedEnvelope(client.send(server.signer().request("POST", "/api/v1/users/login",
            parameters: [("phone", "13800000002"), ("password", TestServer.demoPassword)])))
        #expect(login.code == 20103)
    }

    @Test func missingOrGarbageTokenIsNotLoggedIn() throws {
        let client = try server.client()
        var signer = server.signer()
        let missing = try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/checkin")))
        #expect(missing.code == 20104)
        signer.token = String(repeating: "ab", count: 32)
        let unknown = try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/checkin")))
        #expect(unknown.code == 20104)
        #expect(unknown.status == 401)
    }

    @Test func gamesArePagedAndOutOfRangeIsRejected() throws {
        let client = try server.client()
        let signer = server.signer()
        let first = try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/games", parameters: [("page", "1"), ("size", "20")])))
        #expect(first.code == 0)
        #expect(first.data["items"]?.arrayValue?.count == 20)
        let total = try #require(first.data["total"]?.intValue)
        #expect(total >= 30)
        let last = try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/games", parameters: [("page", "2"), ("size", "20")])))
        #expect(last.data["items"]?.arrayValue?.count == Int(total) - 20)
        let defaults = try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/games")))
        #expect(defaults.data["size"] == 20)
        #expect(defaults.data["page"] == 1)

        for (name, value) in [("size", "101"), ("size", "0"), ("page", "0"), ("page", "x")] {
            let rejected = try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/games", parameters: [(name, value)])))
            #expect(rejected.code == 10005, "\(name)=\(value)")
            #expect(rejected.status == 400)
            #expect(rejected.message.contains(name))
        }
    }

    @Test func registrationRulesNameTheParameter() throws {
        let client = try server.client()
        let signer = server.signer()
        let cases: [([(String, String)], String)] = [
            ([("phone", "23800000000"), ("password", "long-enough")], "phone"),
            ([("phone", "1380000000"), ("password", "long-enough")], "phone"),
            ([("phone", "13800000009"), ("password", "short")], "password"),
            ([("password", "long-enough")], "phone"),
        ]
        for (parameters, named) in cases {
            let envelope = try ReceivedEnvelope(client.send(signer.request("POST", "/api/v1/users/register", parameters: parameters)))
            #expect(envelope.code == 10005)
            #expect(envelope.message.contains("'\(named)'"), "\(envelope.message)")
        }
    }

    @Test func jsonBodiesWorkLikeFormBodies() throws {
        let client = try server.client()
        let login = try ReceivedEnvelope(client.send(server.signer().request("POST", "/api/v1/users/login",
            parameters: [("phone", TestServer.demoPhone), ("password", TestServer.demoPassword)], encoding: .json)))
        #expect(login.code == 0)
    }
}
