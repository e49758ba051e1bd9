import Testing
import TestSupport

/// The server as curl sees it: the dev CA verifies it, and the published SPKI pin matches.
@Suite struct CurlInteroperabilityTests {
    @Test func curlVerifiesWithTheDevCAAndThePin() async throws {
        let server = try TestServer()
        let pin = try #require(try await ExternalCommand.run("cat", [server.certificates.serverSPKIPin]).output
            .split(separator: "\n").first.map(String.init))
        let result = try await ExternalCommand.run("curl", [
            "--silent", "--show-error", "--cacert", server.certificates.caCertificate,
            "--pinnedpubkey", "sha256//\(pin)", "https://localhost:\(server.port)/healthz",
        ])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("ok"))
    }

    @Test func curlRejectsAWrongPin() async throws {
        let server = try TestServer()
        let result = try await ExternalCommand.run("curl", [
            "--silent", "--cacert", server.certificates.caCertificate,
            "--pinnedpubkey", "sha256//AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", "https://localhost:\(server.port)/healthz",
        ])
        #expect(result.status == 90)  // CURLE_SSL_PINNEDPUBKEYNOTMATCH
    }

    @Test func curlOverIPv4AddressAndSignedRequest() async throws {
        let server = try TestServer()
        let request = server.signer().request("GET", "/api/v1/ping")
        let signature = try #require(request.headers["X-SIGNATURE"])
        let result = try await ExternalCommand.run("curl", [
            "--silent", "--cacert", server.certificates.caCertificate,
            "-H", "X-API-VERSION: 1.0", "-H", "X-SIGNATURE: \(signature)", "https://127.0.0.1:\(server.port)/api/v1/ping",
        ])
        #expect(result.status == 0)
        #expect(result.output.contains("\"pong\":true"))
    }
}
