import Certificates
import Testing
@testable import TLS

@Suite struct ClientAuthenticationTests {
    let request = Array("GET / HTTP/1.1\r\n\r\n".utf8)

    @Test func requireRejectsAClientWithoutCertificateWithTLS13AtItsFirstRead() throws {
        let pki = try TestPKI()
        let pair = try InMemoryTLS(client: try TLSContext.client(pki.trustingClient()), server: try pki.serverContext(clientAuthentication: .require))
        let result = pair.handshake()
        #expect(result.server.failure == .handshakeFailed)
        #expect(result.client.isComplete)
        var received: [UInt8] = []
        #expect(pair.client.readPlaintext(into: &received).failure == .protocolFailure)
    }

    @Test func requireRejectsAClientWithoutCertificateInTheTLS12Handshake() throws {
        let pki = try TestPKI()
        var configuration = pki.trustingClient()
        configuration.maximumProtocolVersion = .tls12
        let pair = try InMemoryTLS(client: try TLSContext.client(configuration), server: try pki.serverContext(clientAuthentication: .require))
        let result = pair.handshake()
        #expect(result.server.failure == .handshakeFailed)
        #expect(result.client.failure == .handshakeFailed)
    }

    @Test func requireRejectsACertificateFromAnotherCA() throws {
        let pki = try TestPKI()
        let other = try TestPKI()
        var configuration = pki.trustingClient()
        configuration.clientCertificatePEMPath = other.paths.clientCertificate
        configuration.clientPrivateKeyPEMPath = other.paths.clientKey
        let pair = try InMemoryTLS(client: try TLSContext.client(configuration), server: try pki.serverContext(clientAuthentication: .require))
        let result = pair.handshake()
        #expect(result.server.failure == .certificateVerificationFailed(reason: "unable to get local issuer certificate"))
        #expect(pair.server.peerCertificateSubject == nil)
    }

    @Test func requireAcceptsTheClientIdentityFromPEM() throws {
        let pki = try TestPKI()
        let pair = try InMemoryTLS(client: try TLSContext.client(pki.clientWithIdentity()), server: try pki.serverContext(clientAuthentication: .require))
        #expect(pair.handshake().server.isComplete)
        #expect(InMemoryTLS.send(request, from: pair.client, to: pair.server).1 == request)
        #expect(pair.server.peerCertificateSubject == "CN=countersign-client,O=Countersign")
    }

    @Test func requireAcceptsTheClientIdentityFromPKCS12() throws {
        let pki = try TestPKI()
        var configuration = pki.trustingClient()
        configuration.clientPKCS12Path = pki.paths.clientP12
        configuration.clientPKCS12Password = "countersign"
        let pair = try InMemoryTLS(client: try TLSContext.client(configuration), server: try pki.serverContext(clientAuthentication: .require))
        #expect(pair.handshake().server.isComplete)
        #expect(InMemoryTLS.send(request, from: pair.client, to: pair.server).1 == request)
        #expect(pair.server.peerCertificateSubject == "CN=countersign-client,O=Countersign")
    }

    @Test func wrongPKCS12PasswordIsAConfigurationError() throws {
        let pki = try TestPKI()
        var configuration = pki.trustingClient()
        configuration.clientPKCS12Path = pki.paths.clientP12
        configuration.clientPKCS12Password = "not the password"
        #expect {
            try TLSContext.client(configuration)
        } throws: { error in
            guard let error = error as? TLSError, case .invalidConfiguration(let message) = error.kind else { return false }
            return !message.contains("not the password")
        }
    }

    @Test func optionalAcceptsAnonymousClientsAndReportsVerifiedSubjects() throws {
        let pki = try TestPKI()
        let server = try pki.serverContext(clientAuthentication: .optional)
        let anonymous = try InMemoryTLS(client: try TLSContext.client(pki.trustingClient()), server: server)
        #expect(anonymous.handshake().server.isComplete)
        #expect(InMemoryTLS.send(request, from: anonymous.client, to: anonymous.server).1 == request)
        #expect(anonymous.server.peerCertificateSubject == nil)

        let identified = try InMemoryTLS(client: try TLSContext.client(pki.clientWithIdentity()), server: server)
        #expect(identified.handshake().server.isComplete)
        #expect(identified.server.peerCertificateSubject == "CN=countersign-client,O=Countersign")
    }

    @Test func clientAuthenticationNeedsACA() {
        var configuration = TLSServerConfiguration(certificateChainPEMPath: "/nonexistent", privateKeyPEMPath: "/nonexistent")
        configuration.clientAuthentication = .require
        #expect(throws: TLSError.self) { try TLSContext.server(configuration) }
    }

    @Test func missingServerFilesAreAConfigurationErrorNamingTheFile() {
        let configuration = TLSServerConfiguration(certificateChainPEMPath: "/nonexistent/server.pem", privateKeyPEMPath: "/nonexistent/server.key")
        #expect {
            try TLSContext.server(configuration)
        } throws: { error in
            guard let error = error as? TLSError, case .invalidConfiguration(let message) = error.kind else { return false }
            return message.contains("/nonexistent/server.pem")
        }
    }

    @Test func keyOfAnotherCertificateIsRefused() throws {
        let pki = try TestPKI()
        var configuration = pki.serverConfiguration()
        configuration.privateKeyPEMPath = pki.paths.clientKey
        #expect(throws: TLSError.self) { try TLSContext.server(configuration) }
    }
}
