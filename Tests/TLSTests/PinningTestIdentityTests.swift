import Certificates
import Testing
import TLS

@Suite struct PinningTestIdentityTests {
    private func server(_ identity: PinningTestIdentity) throws -> TLSContext {
        try TLSContext.server(TLSServerConfiguration(
            certificateChainPEMPath: identity.certificatePEMPath, privateKeyPEMPath: identity.privateKeyPEMPath))
    }

    @Test func clientTrustingTheDevelopmentCARejectsEachForItsOwnReason() throws {
        let pki = try TestPKI()
        let identities = try DevelopmentPKI.ensurePinningTestIdentities(at: pki.paths, options: CertificateOptions())
        #expect(identities.map(\.portOffset) == [1, 2, 3, 4])
        let reasons = ["self-signed certificate", "certificate has expired", "hostname mismatch", "unable to get local issuer certificate"]
        for (identity, reason) in zip(identities, reasons) {
            let result = try InMemoryTLS(client: try TLSContext.client(pki.trustingClient()), server: try server(identity)).handshake()
            #expect(result.client.failure == .certificateVerificationFailed(reason: reason), "\(identity.description)")
        }
        #expect(try InMemoryTLS(client: try TLSContext.client(pki.trustingClient()), server: try pki.serverContext()).handshake().client.isComplete)
    }

    @Test func clientPinningServerCerRejectsAllFour() throws {
        let pki = try TestPKI()
        let pinning = try TLSContext.client(TLSClientConfiguration(pinnedCertificateDER: try pki.serverDER(), serverName: "localhost"))
        for identity in try DevelopmentPKI.ensurePinningTestIdentities(at: pki.paths, options: CertificateOptions()) {
            let result = try InMemoryTLS(client: pinning, server: try server(identity)).handshake()
            #expect(result.client.failure == .pinMismatch, "\(identity.description)")
        }
        #expect(try InMemoryTLS(client: pinning, server: try pki.serverContext()).handshake().client.isComplete)
    }
}
