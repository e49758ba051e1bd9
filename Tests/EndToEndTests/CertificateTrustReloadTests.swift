import CountersignClient
import Foundation
import Testing
import TestSupport
import TLS

/// A certificate rotation rehearsal on the real binary: `countersign certs --renew-server`, then SIGHUP.
/// New connections get the new leaf from the same CA; a keep-alive connection opened before goes on.
@Suite struct CertificateTrustReloadTests {
    @Test func sighupSwapsTheLeafForNewConnectionsOnly() async throws {
        let directory = TemporaryDirectory("reload")
        defer { directory.remove() }
        let certificates = directory.file("certs")
        let server = try await ServerProcess.start(arguments: [
            "--certs", certificates, "--db", directory.file("data/db.sqlite"), "--seed", RepositoryFiles.seed,
            "--password-iterations", "1000",
        ])
        let oldLeaf = try leaf(in: certificates)
        let oldPin = try pin(in: certificates)
        let trustingCA = TLSClientConfiguration(trustRootsPEMPath: certificates + "/ca.pem", serverName: "localhost")
        let signer = MobileRequestSigner(secret: TestServer.defaultSecret)

        var pinningOld = trustingCA
        pinningOld.pinnedCertificateDER = oldLeaf
        let keptAlive = try TLSClient(host: "127.0.0.1", port: server.port, tls: pinningOld, timeoutSeconds: 20)
        #expect(try ReceivedEnvelope(keptAlive.send(signer.request("GET", "/api/v1/ping"))).code == 0)

        let renewal = try await ExternalCommand.run(ServerProcess.executablePath, ["certs", "--renew-server", "--certs", certificates])
        #expect(renewal.status == 0, "\(renewal.errorOutput)")
        let newLeaf = try leaf(in: certificates)
        let newPin = try pin(in: certificates)
        #expect(newLeaf != oldLeaf)
        #expect(newPin != oldPin)
        #expect(renewal.output.contains("server SPKI pin (sha256, base64): \(newPin)"))
        #expect(try await OpenSSLCommand.presentedLeafDER(port: server.port) == oldLeaf, "nothing changes before SIGHUP")

        server.send(SIGHUP)
        var pinningNew = trustingCA
        pinningNew.pinnedCertificateDER = newLeaf
        try waitUntilServed(port: server.port, pinningNew)

        #expect(try tlsFailure { try TLSClient(host: "127.0.0.1", port: server.port, tls: pinningOld).connect() }?.kind == .pinMismatch)
        let pinningNewKey = TLSClientConfiguration(pinnedSPKISHA256Base64: newPin, serverName: "localhost")
        #expect(try tlsFailure { try TLSClient(host: "127.0.0.1", port: server.port, tls: pinningNewKey).connect() } == nil)
        #expect(try tlsFailure { try TLSClient(host: "127.0.0.1", port: server.port, tls: trustingCA).connect() } == nil,
                "clients that trust the dev CA keep working")
        #expect(try await OpenSSLCommand.presentedLeafDER(port: server.port) == newLeaf)

        // Still the connection from before the reload: a new one would fail its pin on the old leaf.
        #expect(keptAlive.isConnected)
        #expect(try ReceivedEnvelope(keptAlive.send(signer.request("GET", "/api/v1/ping"))).code == 0)
        #expect(keptAlive.isConnected)
        #expect(await server.stop(signal: SIGTERM) == 0)
    }

    private func leaf(in certificates: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: certificates + "/server.cer")))
    }

    private func pin(in certificates: String) throws -> String {
        try String(contentsOfFile: certificates + "/server.spki-sha256.txt", encoding: .utf8).trimmingCharacters(in: .newlines)
    }

    /// Retries new connections pinned with `tls` until one succeeds (the server reloads asynchronously).
    private func waitUntilServed(port: Int, _ tls: TLSClientConfiguration) throws {
        let deadline = Date().addingTimeInterval(20)
        while true {
            let failure = try tlsFailure { try TLSClient(host: "127.0.0.1", port: port, tls: tls).connect() }
            guard let failure else { return }
            guard Date() < deadline else {
                Issue.record("the new certificate was not served within 20 s: \(failure)")
                return
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}
