import Testing
@testable import TLS

/// The chain a client receives does not depend on `--client-auth`: leaf and development CA in every mode.
@Suite struct CertificateChainTests {
    @Test(arguments: [ClientAuthentication.off, .optional, .require])
    func everyModeSendsTheLeafAndTheCA(mode: ClientAuthentication) throws {
        let pki = try TestPKI()
        let client = mode == .require ? pki.clientWithIdentity() : pki.trustingClient()
        for version in [TLSProtocolVersion.tls12, .tls13] {
            var configuration = client
            configuration.maximumProtocolVersion = version
            let pair = try InMemoryTLS(client: try TLSContext.client(configuration), server: try pki.serverContext(clientAuthentication: mode))
            #expect(pair.handshake().client.isComplete)
            #expect(pair.client.peerCertificateChainSubjects == ["CN=localhost,O=Countersign", "CN=Countersign Development CA,O=Countersign"])
        }
    }

    @Test func aChainFileWithoutCertificatesIsAConfigurationError() throws {
        let pki = try TestPKI()
        var configuration = pki.serverConfiguration()
        configuration.issuerChainPEMPath = pki.paths.serverKey
        #expect(throws: TLSError.self) { try TLSContext.server(configuration) }
    }
}
