import CountersignClient
import Foundation
import Testing
import TestSupport
import TLS

/// `--pinning-tests`: each extra listener serves the same API with a certificate that a correctly
/// configured client rejects, each for its own reason, while the main listener is accepted.
@Suite struct CertificateTrustPinningPortTests {
    /// One pinning-test listener and what clients report about it.
    struct PinningPort: Sendable, CustomTestStringConvertible {
        /// The listener's name, as the startup line prints it.
        let listener: String
        /// Its certificate file in `server-certs/pinning-tests/`.
        let file: String
        /// OpenSSL's verification error for a client that trusts the dev CA and checks `localhost`.
        let reason: String
        /// What curl prints for the same client.
        let curlMessage: String
        var testDescription: String { file }
    }

    static let ports = [
        PinningPort(listener: "self-signed certificate for localhost with another key: pin mismatch", file: "self-signed",
                    reason: "self-signed certificate", curlMessage: "self-signed certificate"),
        PinningPort(listener: "certificate for localhost signed by the development CA, expired a year ago", file: "expired",
                    reason: "certificate has expired", curlMessage: "certificate has expired"),
        PinningPort(listener: "certificate signed by the development CA for wrong.host.invalid only: hostname mismatch",
                    file: "wrong-host", reason: "hostname mismatch",
                    curlMessage: "no alternative certificate subject name matches target host name 'localhost'"),
        PinningPort(listener: "certificate for localhost from a CA that is not the development CA: unknown issuer",
                    file: "unknown-issuer", reason: "unable to get local issuer certificate",
                    curlMessage: "unable to get local issuer certificate"),
    ]

    private func start() throws -> TestServer {
        try TestServer { $0.pinningTests = true }
    }

    private func bundledLeaf(_ server: TestServer) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: server.certificates.serverDER)))
    }

    @Test(arguments: ports)
    func eachPortFailsForItsOwnReason(_ port: PinningPort) async throws {
        let server = try start()
        let number = try #require(server.port(of: port.listener), "listeners: \(server.server.listeners.map(\.name))")
        #expect(server.logs.lines.contains { $0.contains("listening listener=\"\(port.listener)\" url=https://127.0.0.1:\(number)") })

        let trusting = try tlsFailure { try server.client(port: number).connect() }
        #expect(trusting?.kind == .certificateVerificationFailed(reason: port.reason), "\(String(describing: trusting))")

        let pinningCertificate = TLSClientConfiguration(pinnedCertificateDER: try bundledLeaf(server), serverName: "localhost")
        #expect(try tlsFailure { try server.client(port: number, tls: pinningCertificate).connect() }?.kind == .pinMismatch)

        let pin = try String(contentsOfFile: server.certificates.serverSPKIPin, encoding: .utf8).trimmingCharacters(in: .newlines)
        let pinningKey = TLSClientConfiguration(pinnedSPKISHA256Base64: pin, serverName: "localhost")
        #expect(try tlsFailure { try server.client(port: number, tls: pinningKey).connect() }?.kind == .pinMismatch)

        let curl = try await ExternalCommand.run("curl", [
            "--silent", "--show-error", "--cacert", server.certificates.caCertificate, "https://localhost:\(number)/healthz",
        ])
        #expect(curl.status == 60, "CURLE_PEER_FAILED_VERIFICATION: \(curl.errorOutput)")
        #expect(curl.errorOutput.contains(port.curlMessage), "\(curl.errorOutput)")
        let curlPinning = try await ExternalCommand.run("curl", [
            "--silent", "--insecure", "--pinnedpubkey", "sha256//\(pin)", "https://localhost:\(number)/healthz",
        ])
        #expect(curlPinning.status == 90, "CURLE_SSL_PINNEDPUBKEYNOTMATCH")
    }

    @Test func everyPortServesTheSameAPIToAClientThatAcceptsItsCertificate() async throws {
        let server = try start()
        for port in Self.ports {
            let number = try #require(server.port(of: port.listener))
            let own = try await OpenSSLCommand.der(ofCertificateAt: server.certificates.pinningTests + "/\(port.file).pem")
            let accepting = TLSClientConfiguration(pinnedCertificateDER: own, serverName: "localhost", verifyHostname: false)
            let response = try server.client(port: number, tls: accepting).send(server.signer().request("GET", "/api/v1/ping"))
            #expect(try ReceivedEnvelope(response).code == 0, "\(port.file)")
        }
    }

    @Test func theMainPortPassesTheSameChecks() throws {
        let server = try start()
        #expect(server.server.listeners.count == 5)
        var pinningAndTrusting = server.clientTLS()
        pinningAndTrusting.pinnedCertificateDER = try bundledLeaf(server)
        let response = try server.client(tls: pinningAndTrusting).send(server.signer().request("GET", "/api/v1/ping"))
        let envelope = try ReceivedEnvelope(response)
        #expect(envelope.code == 0)
        #expect(envelope.data["pong"] == .bool(true))
    }
}
