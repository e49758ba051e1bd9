import Testing
@testable import TLS

/// OpenSSL's record buffers kept from one read or write to the next, then released: every byte
/// still arrives, also when the release comes while a record is half received.
@Suite struct RecordBufferTests {
    let request = Array("GET /api/v1/checkin HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)

    private func connectedPair() throws -> InMemoryTLS {
        let pki = try TestPKI()
        let pair = try InMemoryTLS(client: try TLSContext.client(pki.trustingClient()), server: try pki.serverContext())
        #expect(pair.handshake().server.isComplete)
        return pair
    }

    @Test func exchangesGoOnWhetherTheBuffersAreKeptOrReleased() throws {
        let pair = try connectedPair()
        pair.server.keepRecordBuffers()
        for round in 0..<3 {
            let answer = Array("answer \(round)".utf8)
            #expect(InMemoryTLS.send(request, from: pair.client, to: pair.server).1 == request)
            #expect(InMemoryTLS.send(answer, from: pair.server, to: pair.client).1 == answer)
        }
        pair.server.releaseRecordBuffers()
        #expect(InMemoryTLS.send(request, from: pair.client, to: pair.server).1 == request)
        #expect(InMemoryTLS.send(Array("after".utf8), from: pair.server, to: pair.client).1 == Array("after".utf8))
        pair.server.keepRecordBuffers()
        #expect(InMemoryTLS.send(request, from: pair.client, to: pair.server).1 == request)
    }

    @Test func aReleaseWhileARecordIsHalfReceivedKeepsItsBytes() throws {
        let pair = try connectedPair()
        pair.server.keepRecordBuffers()
        _ = pair.client.writePlaintext(request)
        var ciphertext: [UInt8] = []
        _ = pair.client.drainCiphertext(into: &ciphertext)
        let half = ciphertext.count / 2
        pair.server.receiveCiphertext(Array(ciphertext[..<half]))
        var received: [UInt8] = []
        guard case .wantsMoreData = pair.server.readPlaintext(into: &received) else {
            Issue.record("half a record was read as a whole one")
            return
        }
        pair.server.releaseRecordBuffers()
        pair.server.receiveCiphertext(Array(ciphertext[half...]))
        while case .bytesRead = pair.server.readPlaintext(into: &received) {}
        #expect(received == request)
    }
}
