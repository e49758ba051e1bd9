import Certificates
import CountersignClient
import Testing
import TestSupport
import TLS

/// `--client-auth require` and `optional` against the project's client and curl: the dev CA's client
/// identity (PEM or `client.p12`) is accepted and its subject recorded; no identity, or one from another CA,
/// is refused where the mode says so.
@Suite struct MutualTLSTests {
    private static let clientSubject = #"client_subject="CN=countersign-client,O=Countersign""#

    /// The access log lines of the requests the server answered so far, oldest first.
    private func accessLog(_ server: TestServer) -> [String] {
        server.logs.lines.filter { $0.contains(" info request request_id=") }
    }

    private func ping(_ server: TestServer, tls: TLSClientConfiguration) throws -> ReceivedEnvelope {
        try ReceivedEnvelope(server.client(tls: tls).send(server.signer().request("GET", "/api/v1/ping")))
    }

    /// A client presenting the client identity of a second, unrelated development PKI.
    private func clientOfAnotherCA(_ server: TestServer, in directory: TemporaryDirectory) throws -> TLSClientConfiguration {
        let other = CertificatePaths(directory: directory.path)
        _ = try DevelopmentPKI.ensure(at: other, options: CertificateOptions())
        var tls = server.clientTLS()
        tls.clientCertificatePEMPath = other.clientCertificate
        tls.clientPrivateKeyPEMPath = other.clientKey
        return tls
    }

    private func curl(_ server: TestServer, _ arguments: [String]) async throws -> ExternalCommand {
        try await ExternalCommand.run("curl", ["--silent", "--show-error", "--cacert", server.certificates.caCertificate]
            + arguments + ["https://localhost:\(server.port)/healthz"])
    }

    @Test func requireRejectsAClientWithoutACertificateAtItsFirstRead() throws {
        let server = try TestServer { $0.clientAuth = .require }
        let client = try server.client()
        #expect(try tlsFailure { try client.connect() } == nil, "with TLS 1.3 the client's handshake completes first")
        let failure = try tlsFailure { _ = try client.send(server.signer().request("GET", "/api/v1/ping")) }
        #expect(failure?.kind == .protocolFailure)
        #expect(failure?.openSSLErrors.contains { $0.contains("certificate required") } == true, "\(String(describing: failure))")
        #expect(accessLog(server).isEmpty)
    }

    @Test func requireRejectsACertificateFromAnotherCA() throws {
        let server = try TestServer { $0.clientAuth = .require }
        let directory = TemporaryDirectory("other-ca")
        defer { directory.remove() }
        let failure = try tlsFailure { _ = try ping(server, tls: clientOfAnotherCA(server, in: directory)) }
        #expect(failure?.kind == .protocolFailure)
        #expect(failure?.openSSLErrors.contains { $0.contains("unknown ca") } == true, "\(String(describing: failure))")
        #expect(accessLog(server).isEmpty)
    }

    @Test func requireAcceptsTheIdentityInClientP12() throws {
        let server = try TestServer { $0.clientAuth = .require }
        var tls = server.clientTLS()
        tls.clientPKCS12Path = server.certificates.clientP12
        tls.clientPKCS12Password = "countersign"
        #expect(try ping(server, tls: tls).code == 0)
        #expect(accessLog(server).last?.hasSuffix(Self.clientSubject) == true, "\(accessLog(server))")
    }

    @Test func requireWithCurl() async throws {
        let server = try TestServer { $0.clientAuth = .require }
        let identified = try await curl(server, ["--cert", server.certificates.clientCertificate, "--key", server.certificates.clientKey])
        #expect(identified.status == 0, "\(identified.errorOutput)")
        #expect(identified.output.contains("ok"))

        let anonymous = try await curl(server, [])
        #expect(anonymous.status == 56, "CURLE_RECV_ERROR at the first read with TLS 1.3: \(anonymous.errorOutput)")
        #expect(anonymous.errorOutput.contains("certificate required"))

        let anonymousTLS12 = try await curl(server, ["--tls-max", "1.2"])
        #expect(anonymousTLS12.status == 35, "CURLE_SSL_CONNECT_ERROR in the TLS 1.2 handshake: \(anonymousTLS12.errorOutput)")
        #expect(accessLog(server).count == 1)
    }

    @Test func optionalAnswersEveryoneAndRecordsTheVerifiedSubject() async throws {
        let server = try TestServer { $0.clientAuth = .optional }
        #expect(try ping(server, tls: server.clientTLS()).code == 0)
        #expect(accessLog(server).count == 1)
        #expect(accessLog(server).last?.contains("client_subject") == false, "\(accessLog(server))")

        var identified = server.clientTLS()
        identified.clientCertificatePEMPath = server.certificates.clientCertificate
        identified.clientPrivateKeyPEMPath = server.certificates.clientKey
        #expect(try ping(server, tls: identified).code == 0)
        #expect(accessLog(server).count == 2)
        #expect(accessLog(server).last?.hasSuffix(Self.clientSubject) == true, "\(accessLog(server))")

        let curled = try await curl(server, ["--cert", server.certificates.clientCertificate, "--key", server.certificates.clientKey])
        #expect(curled.status == 0, "\(curled.errorOutput)")
        #expect(accessLog(server).count == 3)
        #expect(accessLog(server).last?.hasSuffix(Self.clientSubject) == true, "\(accessLog(server))")
    }

    @Test func optionalStillRejectsACertificateFromAnotherCA() throws {
        let server = try TestServer { $0.clientAuth = .optional }
        let directory = TemporaryDirectory("other-ca")
        defer { directory.remove() }
        let failure = try tlsFailure { _ = try ping(server, tls: clientOfAnotherCA(server, in: directory)) }
        #expect(failure?.kind == .protocolFailure)
        #expect(failure?.openSSLErrors.contains { $0.contains("unknown ca") } == true, "\(String(describing: failure))")
    }

    @Test func offDoesNotAskForACertificate() throws {
        let server = try TestServer()
        var identified = server.clientTLS()
        identified.clientPKCS12Path = server.certificates.clientP12
        identified.clientPKCS12Password = "countersign"
        #expect(try ping(server, tls: identified).code == 0)
        #expect(accessLog(server).last?.contains("client_subject") == false, "an identity that was never requested is not recorded")
    }
}
