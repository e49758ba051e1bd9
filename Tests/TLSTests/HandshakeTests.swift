import Certificates
import Testing
@testable import TLS

@Suite struct HandshakeTests {
    let request = Array("GET /api/v1/ping HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
    let response = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".utf8)

    @Test func completesInMemoryWithTLS13AndHTTP11() throws {
        let pki = try TestPKI()
        let pair = try InMemoryTLS(client: try TLSContext.client(pki.trustingClient()), server: try pki.serverContext())
        let result = pair.handshake()
        #expect(result.client.isComplete && result.server.isComplete)
        #expect(pair.client.isHandshakeComplete && pair.server.isHandshakeComplete)
        #expect(pair.client.negotiatedProtocolVersion == "TLSv1.3")
        #expect(pair.server.negotiatedALPN == "http/1.1")
        #expect(pair.client.negotiatedALPN == "http/1.1")
        #expect(pair.client.peerCertificateSubject == "CN=localhost,O=Countersign")
        #expect(pair.server.peerCertificateSubject == nil)

        let (requestRead, receivedRequest) = InMemoryTLS.send(request, from: pair.client, to: pair.server)
        #expect(receivedRequest == request)
        guard case .wantsMoreData = requestRead else { Issue.record("unexpected \(requestRead)"); return }
        let (_, receivedResponse) = InMemoryTLS.send(response, from: pair.server, to: pair.client)
        #expect(receivedResponse == response)
    }

    @Test func tls12OnlyClientGetsTLS12WithALPN() throws {
        let pki = try TestPKI()
        var configuration = pki.trustingClient()
        configuration.maximumProtocolVersion = .tls12
        let pair = try InMemoryTLS(client: try TLSContext.client(configuration), server: try pki.serverContext())
        #expect(pair.handshake().client.isComplete)
        #expect(pair.server.negotiatedProtocolVersion == "TLSv1.2")
        #expect(pair.server.negotiatedALPN == "http/1.1")
        #expect(InMemoryTLS.send(request, from: pair.client, to: pair.server).1 == request)
        #expect(InMemoryTLS.send(response, from: pair.server, to: pair.client).1 == response)
    }

    @Test(arguments: [[], ["h2"]])
    func clientWithoutHTTP11StillConnectsWithoutALPN(offered: [String]) throws {
        let pki = try TestPKI()
        var configuration = pki.trustingClient()
        configuration.alpnProtocols = offered
        let pair = try InMemoryTLS(client: try TLSContext.client(configuration), server: try pki.serverContext())
        #expect(pair.handshake().server.isComplete)
        #expect(pair.server.negotiatedALPN == nil)
    }

    @Test func serverPrefersItsOwnProtocolOrder() throws {
        let pki = try TestPKI()
        var server = pki.serverConfiguration()
        server.alpnProtocols = ["h2", "http/1.1"]
        var client = pki.trustingClient()
        client.alpnProtocols = ["http/1.1", "h2"]
        let pair = try InMemoryTLS(client: try TLSContext.client(client), server: try TLSContext.server(server))
        #expect(pair.handshake().client.isComplete)
        #expect(pair.client.negotiatedALPN == "h2")
    }

    @Test func largeBodyArrivesWholeAcrossManyRecords() throws {
        let pki = try TestPKI()
        let pair = try InMemoryTLS(client: try TLSContext.client(pki.trustingClient()), server: try pki.serverContext())
        #expect(pair.handshake().server.isComplete)
        let body = (0..<1_000_003).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let (last, received) = InMemoryTLS.send(body, from: pair.client, to: pair.server)
        #expect(received == body)
        guard case .wantsMoreData = last else { Issue.record("unexpected \(last)"); return }
    }

    @Test func ciphertextDeliveredOneByteAtATimeDecryptsOnce() throws {
        let pki = try TestPKI()
        let pair = try InMemoryTLS(client: try TLSContext.client(pki.trustingClient()), server: try pki.serverContext())
        #expect(pair.handshake().server.isComplete)
        guard case .complete = pair.client.writePlaintext(request) else { Issue.record("write failed"); return }
        var ciphertext: [UInt8] = []
        _ = pair.client.drainCiphertext(into: &ciphertext)
        var received: [UInt8] = []
        for (index, byte) in ciphertext.enumerated() {
            pair.server.receiveCiphertext([byte])
            let result = pair.server.readPlaintext(into: &received)
            if index < ciphertext.count - 1 {
                guard case .wantsMoreData = result else { Issue.record("early \(result) at \(index)"); return }
            } else {
                guard case .bytesRead(request.count) = result else { Issue.record("last byte gave \(result)"); return }
            }
        }
        #expect(received == request)
    }

    @Test func writingBeforeTheHandshakeIsRefused() throws {
        let pki = try TestPKI()
        let connection = try TLSConnection(context: try TLSContext.client(pki.trustingClient()))
        guard case .failed(let error) = connection.writePlaintext(request) else { Issue.record("write accepted"); return }
        #expect(error.kind == .notEstablished)
        #expect(connection.negotiatedProtocolVersion == nil)
    }

    @Test func shutdownDeliversCloseNotify() throws {
        let pki = try TestPKI()
        let pair = try InMemoryTLS(client: try TLSContext.client(pki.trustingClient()), server: try pki.serverContext())
        #expect(pair.handshake().server.isComplete)
        pair.client.shutdown()
        #expect(pair.client.hasPendingCiphertext)
        InMemoryTLS.deliver(from: pair.client, to: pair.server)
        var received: [UInt8] = []
        guard case .closed = pair.server.readPlaintext(into: &received) else { Issue.record("no close_notify"); return }
        guard case .closed = pair.server.readPlaintext(into: &received) else { Issue.record("not closed for good"); return }
    }

    @Test func plainHTTPFailsTheHandshakeAndSaysSo() throws {
        let pki = try TestPKI()
        let server = try TLSConnection(context: try pki.serverContext())
        server.receiveCiphertext(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        guard case .failed(let error) = server.handshake() else { Issue.record("plain HTTP accepted"); return }
        #expect(error.kind == .handshakeFailed)
        #expect(error.openSSLErrors.contains { $0.hasSuffix("http request") })
        #expect(server.handshake().failure == .handshakeFailed)
    }

    @Test func contextBoxSwapsTheContextForNewConnectionsOnly() throws {
        let first = try TestPKI()
        let second = try TestPKI()
        let box = TLSContextBox(try first.serverContext())
        let before = try TLSConnection(context: box.current)
        box.replace(with: try second.serverContext())
        let after = try TLSConnection(context: box.current)

        let trustsFirst = try TLSConnection(context: try TLSContext.client(first.trustingClient()))
        let oldPair = InMemoryTLS(client: trustsFirst, server: before)
        #expect(oldPair.handshake().client.isComplete)
        let trustsSecond = try TLSConnection(context: try TLSContext.client(second.trustingClient()))
        #expect(InMemoryTLS(client: trustsSecond, server: after).handshake().client.isComplete)
    }
}
