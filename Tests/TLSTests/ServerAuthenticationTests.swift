import Certificates
@testable import TLS
import TestSupport
import Testing

@Suite struct ServerAuthenticationTests {
    private func connect(_ configuration: TLSClientConfiguration, to pki: TestPKI) throws -> (client: TLSHandshakeResult, server: TLSHandshakeResult) {
        try InMemoryTLS(client: try TLSContext.client(configuration), server: try pki.serverContext()).handshake()
    }

    @Test func pinnedCertificateMatches() throws {
        let pki = try TestPKI()
        let configuration = TLSClientConfiguration(pinnedCertificateDER: try pki.serverDER(), serverName: "localhost")
        #expect(try connect(configuration, to: pki).client.isComplete)
    }

    @Test func otherPinnedCertificateIsAPinMismatch() throws {
        let pki = try TestPKI()
        let other = try TestPKI()
        let configuration = TLSClientConfiguration(pinnedCertificateDER: try other.serverDER(), serverName: "localhost")
        #expect(try connect(configuration, to: pki).client.failure == .pinMismatch)
    }

    @Test func spkiPinFromTheOpenSSLCommandLineMatches() async throws {
        let pki = try TestPKI()
        let pin = try await OpenSSLCommand.spkiPin(ofCertificateAt: pki.paths.serverCertificate)
        #expect(pin.count == 44)
        let configuration = TLSClientConfiguration(pinnedSPKISHA256Base64: pin, serverName: "localhost")
        let pair = try InMemoryTLS(client: try TLSContext.client(configuration), server: try pki.serverContext())
        #expect(pair.handshake().client.isComplete)
        #expect(pair.client.peerCertificateSubject == "CN=localhost,O=Countersign")
    }

    @Test func spkiPinOfAnotherKeyIsAPinMismatch() async throws {
        let pki = try TestPKI()
        let pin = try await OpenSSLCommand.spkiPin(ofCertificateAt: pki.paths.clientCertificate)
        let configuration = TLSClientConfiguration(pinnedSPKISHA256Base64: pin, serverName: "localhost")
        #expect(try connect(configuration, to: pki).client.failure == .pinMismatch)
    }

    @Test func bothPinsAndTheChainMustPass() async throws {
        let pki = try TestPKI()
        var configuration = pki.trustingClient()
        configuration.pinnedCertificateDER = try pki.serverDER()
        #expect(try connect(configuration, to: pki).client.isComplete)
        configuration.pinnedSPKISHA256Base64 = try await OpenSSLCommand.spkiPin(ofCertificateAt: pki.paths.caCertificate)
        #expect(try connect(configuration, to: pki).client.failure == .pinMismatch)
    }

    @Test(arguments: ["localhost", "127.0.0.1", "::1"])
    func namesInTheCertificateVerify(serverName: String) throws {
        let pki = try TestPKI()
        #expect(try connect(pki.trustingClient(serverName: serverName), to: pki).client.isComplete)
    }

    @Test(arguments: [("wrong.example", "hostname mismatch"), ("local", "hostname mismatch"), ("10.0.0.1", "IP address mismatch")])
    func otherNamesFailWithNameMismatch(serverName: String, reason: String) throws {
        let pki = try TestPKI()
        let result = try connect(pki.trustingClient(serverName: serverName), to: pki)
        #expect(result.client.failure == .certificateVerificationFailed(reason: reason))
        #expect(!result.server.isComplete)
    }

    @Test(arguments: [("wrong.example", "hostname mismatch"), ("10.0.0.1", "IP address mismatch")])
    func pinnedClientStillChecksTheNameWithoutTrustRoots(serverName: String, reason: String) throws {
        let pki = try TestPKI()
        let configuration = TLSClientConfiguration(pinnedCertificateDER: try pki.serverDER(), serverName: serverName)
        #expect(try connect(configuration, to: pki).client.failure == .certificateVerificationFailed(reason: reason))
        let matching = TLSClientConfiguration(pinnedCertificateDER: try pki.serverDER(), serverName: "::1")
        #expect(try connect(matching, to: pki).client.isComplete)
    }

    @Test func hostnameVerificationCanBeTurnedOff() throws {
        let pki = try TestPKI()
        var configuration = pki.trustingClient(serverName: "wrong.example")
        configuration.verifyHostname = false
        #expect(try connect(configuration, to: pki).client.isComplete)
    }

    @Test func serverFromAnotherCAIsRejected() throws {
        let pki = try TestPKI()
        let other = try TestPKI()
        let result = try connect(other.trustingClient(), to: pki)
        // The server sends its CA: the client finds a root it does not trust in the chain.
        #expect(result.client.failure == .certificateVerificationFailed(reason: "self-signed certificate in certificate chain"))
    }

    @Test func clientThatAuthenticatesNothingIsRefused() {
        #expect(throws: TLSError.self) { try TLSContext.client(TLSClientConfiguration(serverName: "localhost")) }
    }
}
