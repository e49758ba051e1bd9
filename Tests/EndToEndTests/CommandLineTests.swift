import Foundation
import Testing
import TestSupport
import TLS

/// The built `countersign` binary's `sign` and `call` commands, checked against a real server.
@Suite struct CommandLineTests {
    private func countersign(_ arguments: [String]) async throws -> ExternalCommand {
        try await ExternalCommand.run(ServerProcess.executablePath, arguments)
    }

    @Test func signPrintsTheVectorsCanonicalStringAndSignature() async throws {
        // Vector get-games-paged of the signing contract.
        let result = try await countersign(["sign", "--method", "GET", "--path", "/api/v1/games?page=5&size=20",
            "--header", "X-API-VERSION: 1.0",
            "--header", "Authorization: Bearer 0a8c81db337fdf27f24cdea7fb831e4da4581ab3bd02344734aa53ff3278e0a5",
            "--header", "X-DEVICE-ID: 3141CBCA-730B-467C-A5A7-49B5F181D866", "--secret", "dev-secret-please-change"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("signature: 6A0AFF0171C7A1FF74A3AE7BEBBF0E3F"))
        #expect(result.output.contains("canonical: AuthorizationBearer 0a8c81db337fdf27f24cdea7fb831e4da4581ab3bd02344734aa53ff3278e0a5X-API-VERSION1.0X-DEVICE-ID3141CBCA-730B-467C-A5A7-49B5F181D866page5size20<secret>"))
        #expect(!result.output.contains("dev-secret-please-change"))
    }

    @Test func callLogsInRemembersTheTokenAndReportsCodes() async throws {
        let server = try TestServer()
        let state = TemporaryDirectory("call-state")
        defer { state.remove() }
        let common = ["--port", "\(server.port)", "--certs", server.certificates.directory, "--state-dir", state.path]

        let anonymous = try await countersign(["call", "GET", "/api/v1/users/me"] + common)
        #expect(anonymous.status == 1)
        #expect(anonymous.output.contains("20104"))

        let login = try await countersign(["call", "POST", "/api/v1/users/login", "-d", "phone=\(TestServer.demoPhone)",
                                     "-d", "password=\(TestServer.demoPassword)"] + common)
        #expect(login.status == 0, "\(login.output)\(login.errorOutput)")

        let me = try await countersign(["call", "GET", "/api/v1/users/me"] + common)
        #expect(me.status == 0)
        #expect(me.output.contains("138****0000"))

        let json = try await countersign(["call", "POST", "/api/v1/users/profile", "--json", "-d", "nickname=From CLI"] + common)
        #expect(json.status == 0)
        #expect(json.output.contains("From CLI"))
    }

    @Test func callRefusesAServerWhoseCertificateIsNotThePinnedOne() async throws {
        let server = try TestServer()
        let other = try TestServer()
        let result = try await countersign(["call", "GET", "/api/v1/ping", "--port", "\(server.port)", "--certs", other.certificates.directory])
        #expect(result.status == 3)
        #expect(result.errorOutput.contains("pin"))
    }

    @Test(arguments: [ClientAuthentication.off, .require])
    func healthChecksTheLocalServer(clientAuth: ClientAuthentication) async throws {
        let server = try TestServer { $0.clientAuth = clientAuth }
        let healthy = try await countersign(["health", "--port", "\(server.port)", "--certs", server.certificates.directory])
        #expect(healthy.status == 0, "\(healthy.errorOutput)")
        let stopped = try await countersign(["health", "--port", "1", "--certs", server.certificates.directory])
        #expect(stopped.status == 1)
    }
}
