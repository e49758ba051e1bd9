import CountersignClient
import Foundation
import Testing
import TestSupport
import TLS

/// The files a client developer bundles (`server.cer`, `server.spki-sha256.txt`, `ca.pem`) describe exactly
/// what the running server presents, checked with the project's client, `openssl s_client` and curl; and
/// the server certificate is valid for the names a client checks, and for no other.
@Suite struct CertificateTrustTests {
    @Test func theLeafTheServerPresentsIsServerCerByteForByte() async throws {
        let server = try TestServer()
        let bundled = try [UInt8](Data(contentsOf: URL(fileURLWithPath: server.certificates.serverDER)))
        #expect(try await OpenSSLCommand.presentedLeafDER(port: server.port) == bundled)
        #expect(try await OpenSSLCommand.der(ofCertificateAt: server.certificates.serverCertificate) == bundled)

        let pinned = TLSClientConfiguration(pinnedCertificateDER: bundled, serverName: "localhost")
        let response = try server.client(tls: pinned).send(server.signer().request("GET", "/api/v1/ping"))
        #expect(try ReceivedEnvelope(response).code == 0)
    }

    @Test func thePinFileIsWhatOpenSSLComputesFromTheCertificateAndTheWire() async throws {
        let server = try TestServer()
        let pinFile = try String(contentsOfFile: server.certificates.serverSPKIPin, encoding: .utf8)
        #expect(pinFile.hasSuffix("\n") && pinFile.filter { $0 == "\n" }.count == 1, "one line")
        let pin = pinFile.trimmingCharacters(in: .newlines)
        #expect(pin.count == 44 && pin.hasSuffix("="), "base64 of 32 bytes")
        #expect(try await OpenSSLCommand.spkiPin(ofCertificateAt: server.certificates.serverCertificate) == pin)
        #expect(try await OpenSSLCommand.presentedLeafSPKIPin(port: server.port) == pin)
        let startup = server.logs.lines.first { $0.contains("listening listener=main") }
        #expect(startup?.hasSuffix("spki_sha256=\"\(pin)\"") == true, "the startup line prints the pin: \(startup ?? "none")")

        let pinned = TLSClientConfiguration(pinnedSPKISHA256Base64: pin, serverName: "localhost")
        #expect(try tlsFailure { try server.client(tls: pinned).connect() } == nil)
    }

    @Test(arguments: ["localhost", "127.0.0.1", "::1"])
    func theCertificateIsValidForTheLoopbackNames(_ name: String) throws {
        let server = try TestServer()
        let tls = TLSClientConfiguration(trustRootsPEMPath: server.certificates.caCertificate, serverName: name)
        #expect(try tlsFailure { try server.client(tls: tls).connect() } == nil)
    }

    @Test(arguments: [("wrong.host.invalid", "hostname mismatch"), ("10.11.12.13", "IP address mismatch")])
    func anotherNameIsRejected(_ name: String, _ reason: String) throws {
        let server = try TestServer()
        let trusting = TLSClientConfiguration(trustRootsPEMPath: server.certificates.caCertificate, serverName: name)
        #expect(try tlsFailure { try server.client(tls: trusting).connect() }?.kind == .certificateVerificationFailed(reason: reason))

        // Pinning without a trust store still checks the name: a pin is not a licence to skip it.
        let bundled = try [UInt8](Data(contentsOf: URL(fileURLWithPath: server.certificates.serverDER)))
        let pinning = TLSClientConfiguration(pinnedCertificateDER: bundled, serverName: name)
        #expect(try tlsFailure { try server.client(tls: pinning).connect() }?.kind == .certificateVerificationFailed(reason: reason))
    }

    @Test func curlRejectsAHostNameTheCertificateDoesNotName() async throws {
        let server = try TestServer()
        let result = try await ExternalCommand.run("curl", [
            "--silent", "--show-error", "--cacert", server.certificates.caCertificate,
            "--resolve", "wrong.host.invalid:\(server.port):127.0.0.1", "https://wrong.host.invalid:\(server.port)/healthz",
        ])
        #expect(result.status == 60, "CURLE_PEER_FAILED_VERIFICATION: \(result.errorOutput)")
        #expect(result.errorOutput.contains("wrong.host.invalid"))
    }

    @Test func extraHostsLetAPhoneOnWiFiVerifyTheLaptopsAddress() async throws {
        let server = try TestServer { $0.extraHosts = ["192.168.1.20", "laptop.local"] }
        for name in ["192.168.1.20", "laptop.local", "localhost"] {
            let tls = TLSClientConfiguration(trustRootsPEMPath: server.certificates.caCertificate, serverName: name)
            #expect(try tlsFailure { try server.client(tls: tls).connect() } == nil, "\(name)")
        }
        let subjectAlternativeNames = try await ExternalCommand.run(
            "openssl", ["x509", "-in", server.certificates.serverCertificate, "-noout", "-ext", "subjectAltName"]).output
        #expect(subjectAlternativeNames.contains("IP Address:192.168.1.20"))
        #expect(subjectAlternativeNames.contains("DNS:laptop.local"))
    }
}
