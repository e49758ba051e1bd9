import CountersignClient
import HTTP
import JSON
import Testing
import TestSupport

/// The JDK 17 HttpClient (HTTP/2 by default, as an Android or server-side Java app speaks it) against
/// the server: Tests/Peers/H2Client.java, run by `java` in source-file mode.
@Suite struct HTTP2JavaClientTests {
    let server: TestServer
    let admin: AdminClient

    init() throws {
        server = try TestServer.forAdmin()
        admin = try AdminClient(server)
    }

    /// Sends each request `copies` times at once from one Java client; returns `(version, status, envelope)` per answer.
    private func java(_ requests: [HTTPRequest], copies: Int = 1) async throws -> [(version: String, status: Int, body: JSONValue)] {
        var arguments = [RepositoryFiles.root + "/Tests/Peers/H2Client.java", "https://localhost:\(server.port)",
                         server.certificates.caCertificate, String(copies)]
        for request in requests {
            // Java sets Host and Content-Length itself and refuses them from the caller.
            let headers = request.headers.filter { !["host", "content-length"].contains($0.name.lowercased()) }
            arguments += ["\(request.method) \(request.target)", headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n"),
                          String(decoding: request.body, as: UTF8.self)]
        }
        let run = try await ExternalCommand.run("java", arguments)
        // On failure, the server's side too: why it closed a connection or refused a handshake.
        #expect(run.status == 0, "\(run.errorOutput)\nserver: \(server.logs.lines.filter { $0.contains("closed") || $0.contains("handshake") })")
        return try run.output.split(separator: "\n").map { line in
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            return (parts[0], Int(parts[1]) ?? 0, try JSONParser.parse(Array(parts[2].utf8)))
        }
    }

    @Test func theSeedFlowOverHTTP2() async throws {
        let signer = server.signer()
        let login = try await java([signer.request("POST", "/api/v1/users/login",
                                             parameters: [("phone", TestServer.demoPhone), ("password", TestServer.demoPassword)])])
        #expect(login.first?.version == "HTTP_2")
        let token = try #require(login.first?.body["data"]?["token"]?.stringValue)
        var signed = signer
        signed.token = token
        let checkin = try await java([signed.request("POST", "/api/v1/checkin")])
        #expect(checkin.first?.body["code"] == 0)
        #expect(try admin.call("POST", "/__admin/tokens/expire", #"{"phone": "\#(TestServer.demoPhone)"}"#).status == 200)
        let expired = try await java([signed.request("GET", "/api/v1/checkin")])
        #expect(expired.first?.status == 401)
        #expect(expired.first?.body["code"] == 20104)
        let protocols = try admin.journal().compactMap { $0["protocol"]?.stringValue }
        #expect(protocols == ["h2", "h2", "h2"])
    }

    @Test func aBadSignatureAndFiftyConcurrentStreams() async throws {
        let wrong = try await java([MobileRequestSigner(secret: "wrong").request("GET", "/api/v1/ping")])
        #expect(wrong.first?.body["code"] == 10003)
        #expect(wrong.first?.body["data"]?["diagnosis"]?["canonical"] == "X-API-VERSION1.0<secret>")
        let answers = try await java([server.signer().request("GET", "/api/v1/ping")], copies: 50)
        #expect(answers.count == 50)
        #expect(answers.allSatisfy { $0.version == "HTTP_2" && $0.body["code"] == 0 })
    }
}
