import CountersignClient
import HTTP
import JSON
import Testing
import TestSupport

/// Over TLS, what SECURITY.md promises of the 10003 answer and the journal (passwords and tokens
/// never shown, by name or by value), and SIGNING.md's decimal arrays signed as numbers.
@Suite struct SignatureMaskingEndToEndTests {
    /// A journaled server with a registered user, and that user's token.
    private func serverWithUser(password: String) throws -> (TestServer, String) {
        let server = try TestServer.forAdmin()
        let client = try server.client()
        _ = try server.signedCall("POST", "/api/v1/users/register", parameters: [("phone", "13911113333"), ("password", password)],
                                  client: client)
        let login = try server.signedCall("POST", "/api/v1/users/login", parameters: [("phone", "13911113333"), ("password", password)],
                                          client: client)
        return (server, try #require(login.data["token"]?.stringValue))
    }

    @Test func theMismatchAnswerNeverShowsAPassword() throws {
        let server = try TestServer.forAdmin()
        let password = "Unusual-Pa55word"
        let request = MobileRequestSigner(secret: "wrong").request("POST", "/api/v1/users/login",
                                                                   parameters: [("phone", "13911112222"), ("password", password), ("pwd", "4711-pin")])
        let response = try server.client().send(request)
        let answer = String(decoding: response.body, as: UTF8.self)
        let envelope = try ReceivedEnvelope(response)
        #expect(envelope.code == 10003)
        #expect(!answer.contains(password))
        #expect(!answer.contains("4711-pin"))
        let canonical = try #require(envelope.data["diagnosis"]?["canonical"]?.stringValue)
        #expect(canonical == "X-API-VERSION1.0password***phone13911112222pwd***<secret>")
        #expect(envelope.data["diagnosis"]?["keys"] == ["X-API-VERSION", "password", "phone", "pwd"])
    }

    @Test func aTokenOrAPasswordUnderAnotherNameIsNeverShown() throws {
        let password = "Unusual-Pa55word"
        let (server, token) = try serverWithUser(password: password)
        let admin = try AdminClient(server)
        let client = try server.client()
        // Signed as the app signs: the token sent again as `t`, the password as `confirm`.
        var signer = server.signer()
        signer.token = token
        let valid = try ReceivedEnvelope(client.send(signer.request("GET", "/api/v1/users/me", parameters: [("t", token)])))
        #expect(valid.code == 0)
        var wrong = MobileRequestSigner(secret: "wrong")
        wrong.token = token
        let parameters = [("t", token), ("new_password", password), ("confirm", password), ("nickname", "Ada")]
        let rejected = try client.send(wrong.request("POST", "/api/v1/users/profile", parameters: parameters))
        let answer = String(decoding: rejected.body, as: UTF8.self)
        #expect(try ReceivedEnvelope(rejected).code == 10003)
        #expect(!answer.contains(token))
        #expect(!answer.contains(password))
        #expect(answer.contains("confirm***"))
        #expect(answer.contains("nicknameAda"))

        let journal = try admin.call("GET", "/__admin/requests").text
        #expect(!journal.contains(token))
        #expect(!journal.contains(password))
        let entries = try admin.journal("?path=/api/v1/users/me")
        #expect(entries.first?["params"]?["t"] == "***")
    }

    @Test func anIntegerArraySignedAsNumbersIsAcceptedAndJournaled() throws {
        let server = try TestServer.forAdmin()
        let signer = server.signer()
        // A Swift client's ["ids": [1, 2]]: signed as ids[1, 2], sent by Alamofire as ids[]=1&ids[]=2.
        var request = signer.request("GET", "/api/v1/ping?ids%5B%5D=1&ids%5B%5D=2")
        request.headers.replaceOrAdd(name: "X-SIGNATURE", value: MobileRequestSigner.signature(
            parameters: [("ids", "[1, 2]")], headers: signer.signedHeaders, secret: TestServer.defaultSecret))
        #expect(try ReceivedEnvelope(server.client().send(request)).code == 0)
        // A [String] of digits on the same wire: signed as ids["1", "2"].
        var strings = signer.request("GET", "/api/v1/ping?ids%5B%5D=1&ids%5B%5D=2")
        strings.headers.replaceOrAdd(name: "X-SIGNATURE", value: MobileRequestSigner.signature(
            parameters: [("ids", #"["1", "2"]"#)], headers: signer.signedHeaders, secret: TestServer.defaultSecret))
        #expect(try ReceivedEnvelope(server.client().send(strings)).code == 0)

        let entries = try AdminClient(server).journal()
        #expect(entries.map { $0["verdict"]?.stringValue } == ["valid", "valid"])
        #expect(entries.map { $0["numeric_arrays"] } == [nil, ["ids"]])
    }
}
