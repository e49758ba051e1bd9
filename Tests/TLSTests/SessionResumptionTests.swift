import Certificates
import Testing
@testable import TLS

@Suite struct SessionResumptionTests {
    let request = Array("GET / HTTP/1.1\r\n\r\n".utf8)
    let response = Array("HTTP/1.1 204 No Content\r\n\r\n".utf8)

    /// One full request/response on a new connection (the client reads the session tickets with the response).
    private func exchange(client: TLSContext, server: TLSContext) throws -> InMemoryTLS {
        let pair = try InMemoryTLS(client: client, server: server)
        #expect(pair.handshake().client.isComplete)
        #expect(InMemoryTLS.send(request, from: pair.client, to: pair.server).1 == request)
        #expect(InMemoryTLS.send(response, from: pair.server, to: pair.client).1 == response)
        return pair
    }

    @Test(arguments: [TLSProtocolVersion.tls13, .tls12])
    func secondConnectionResumes(version: TLSProtocolVersion) throws {
        let pki = try TestPKI()
        var configuration = pki.trustingClient()
        configuration.maximumProtocolVersion = version
        let client = try TLSContext.client(configuration)
        let server = try pki.serverContext()
        #expect(try !exchange(client: client, server: server).client.sessionWasReused)
        // Connections end without close_notify, as most HTTP clients end them; sessions stay resumable.
        for _ in 0..<2 {
            let later = try exchange(client: client, server: server)
            #expect(later.client.sessionWasReused)
            #expect(later.server.sessionWasReused)
            #expect(later.client.peerCertificateSubject == "CN=localhost,O=Countersign")
        }
    }

    @Test func resumedMutualTLSSessionKeepsTheClientSubject() throws {
        let pki = try TestPKI()
        let client = try TLSContext.client(pki.clientWithIdentity())
        let server = try pki.serverContext(clientAuthentication: .require)
        _ = try exchange(client: client, server: server)
        let second = try exchange(client: client, server: server)
        #expect(second.server.sessionWasReused)
        #expect(second.server.peerCertificateSubject == "CN=countersign-client,O=Countersign")
    }

    @Test func serverWithoutResumptionAlwaysDoesFullHandshakes() throws {
        let pki = try TestPKI()
        var serverConfiguration = pki.serverConfiguration()
        serverConfiguration.sessionResumption = false
        let server = try TLSContext.server(serverConfiguration)
        for version in [TLSProtocolVersion.tls13, .tls12] {
            var configuration = pki.trustingClient()
            configuration.maximumProtocolVersion = version
            let client = try TLSContext.client(configuration)
            _ = try exchange(client: client, server: server)
            #expect(try !exchange(client: client, server: server).server.sessionWasReused)
        }
    }

    @Test func clientWithoutResumptionDoesNotOfferTheSession() throws {
        let pki = try TestPKI()
        var configuration = pki.trustingClient()
        configuration.sessionResumption = false
        let client = try TLSContext.client(configuration)
        let server = try pki.serverContext()
        _ = try exchange(client: client, server: server)
        #expect(try !exchange(client: client, server: server).client.sessionWasReused)
    }

    @Test func contextsAreSharedSafelyAcrossThreads() async throws {
        let pki = try TestPKI()
        let client = try TLSContext.client(pki.trustingClient())
        let server = try pki.serverContext()
        let request = self.request
        let resumed = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var resumed = 0
                    for _ in 0..<10 {
                        let pair = try InMemoryTLS(client: client, server: server)
                        guard pair.handshake().client.isComplete else { return -1 }
                        guard InMemoryTLS.send(request, from: pair.client, to: pair.server).1 == request else { return -1 }
                        _ = InMemoryTLS.send(request, from: pair.server, to: pair.client)
                        resumed += pair.client.sessionWasReused ? 1 : 0
                    }
                    return resumed
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(!resumed.contains(-1))
        #expect(resumed.reduce(0, +) > 0)
    }
}
