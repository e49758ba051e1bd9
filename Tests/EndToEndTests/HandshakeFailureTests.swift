import Certificates
import CountersignClient
import Glibc
import Testing
import TestSupport
@testable import TLS

/// A client the server refuses during the handshake reads the TLS alert that says why, even when the
/// server has not read everything it sent: the server shuts its side and drains instead of closing on
/// unread input, which resets the connection and loses the alert (as JSSE clients saw with TLS 1.2).
@Suite struct HandshakeFailureTests {
    /// What a refused client saw.
    private struct Refusal {
        /// How its handshake ended.
        var result: TLSHandshakeResult = .wantsMoreData
        /// Whether a write failed (a broken pipe or reset: the server had closed on unread input).
        var writeFailed = false
    }

    /// Runs a TLS 1.2 handshake without a client certificate, writing each record of the client's last
    /// flight separately, a moment apart, as JSSE does.
    private func refusedHandshake(port: Int, caPath: String) throws -> Refusal {
        var configuration = TLSClientConfiguration(trustRootsPEMPath: caPath, serverName: "localhost")
        configuration.maximumProtocolVersion = .tls12
        let connection = try TLSConnection(context: TLSContext.client(configuration))
        let socket = try HostileSocket(port: port)
        defer { socket.close() }
        var refusal = Refusal()
        var flights = 0
        while true {
            refusal.result = connection.handshake()
            var bytes: [UInt8] = []
            _ = connection.drainCiphertext(into: &bytes)
            flights += bytes.isEmpty ? 0 : 1
            for record in Self.records(in: bytes) {
                if !socket.send(record) { refusal.writeFailed = true }
                if flights > 1 { usleep(20_000) }
            }
            guard case .wantsMoreData = refusal.result else { return refusal }
            // An empty read is the end (FIN, or a reset that lost what was unread).
            guard let received = socket.receive(), !received.isEmpty else { return refusal }
            connection.receiveCiphertext(received)
        }
    }

    /// `bytes` cut at TLS record boundaries.
    private static func records(in bytes: [UInt8]) -> [[UInt8]] {
        var records: [[UInt8]] = []
        var offset = 0
        while offset + 5 <= bytes.count {
            let end = min(bytes.count, offset + 5 + (Int(bytes[offset + 3]) << 8 | Int(bytes[offset + 4])))
            records.append(Array(bytes[offset..<end]))
            offset = end
        }
        return records
    }

    @Test func aTLS12ClientWithoutCertificateReadsTheAlertEveryTime() throws {
        let server = try TestServer { $0.clientAuth = .require }
        for round in 1...20 {
            let refusal = try refusedHandshake(port: server.port, caPath: server.certificates.caCertificate)
            #expect(!refusal.writeFailed, "round \(round): the client's own handshake could not be written")
            guard case .failed(let error) = refusal.result else {
                Issue.record("round \(round): no alert, the handshake ended with \(refusal.result)")
                continue
            }
            #expect(error.openSSLErrors.contains { $0.contains("alert handshake failure") }, "round \(round): \(error)")
        }
    }

    /// The server's log lines about failed handshakes.
    private func failureLines(_ server: TestServer) -> [String] {
        server.logs.lines.filter { $0.contains("tls handshake failed") }
    }

    /// Waits for a failure line containing `text`; returns it.
    private func failureLine(containing text: String, on server: TestServer) async -> String? {
        _ = await eventually { failureLines(server).contains { $0.contains(text) } }
        return failureLines(server).first { $0.contains(text) }
    }

    @Test func aMissingClientCertificateIsLoggedWithThePeerAndTheReason() async throws {
        let server = try TestServer { $0.clientAuth = .require }
        _ = try tlsFailure { _ = try server.client().send(server.signer().request("GET", "/api/v1/ping")) }
        let line = await failureLine(containing: "peer did not return a certificate", on: server)
        #expect(line?.contains("peer=127.0.0.1") == true, "\(failureLines(server))")
        #expect(line?.contains("listener=main") == true)
    }

    @Test func aPlainHTTPRequestOnTheTLSPortGetsA400SayingItSpeaksHTTPS() async throws {
        let server = try TestServer()
        let socket = try HostileSocket(port: server.port)
        #expect(socket.send(Array("GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)))
        var answer: [UInt8] = []
        while let bytes = socket.receive(), !bytes.isEmpty { answer += bytes }
        let text = String(decoding: answer, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(text)")
        #expect(text.contains("Connection: close\r\n"))
        #expect(text.contains("this port speaks HTTPS"))
        let line = await failureLine(containing: "plain-HTTP request", on: server)
        #expect(line?.contains("peer=127.0.0.1") == true, "\(failureLines(server))")
    }

    @Test func aHandshakeTimeoutIsLogged() async throws {
        let server = try TestServer { $0.timeouts.handshakeMilliseconds = 300 }
        let socket = try HostileSocket(port: server.port)
        #expect(socket.serverCloses())
        let line = await failureLine(containing: "handshake timeout", on: server)
        #expect(line?.contains("peer=127.0.0.1") == true, "\(failureLines(server))")
    }

    @Test func aCertificateFromAnotherCAIsLogged() async throws {
        let server = try TestServer { $0.clientAuth = .require }
        let directory = TemporaryDirectory("other-ca")
        defer { directory.remove() }
        let other = CertificatePaths(directory: directory.path)
        _ = try DevelopmentPKI.ensure(at: other, options: CertificateOptions())
        var tls = server.clientTLS()
        tls.clientCertificatePEMPath = other.clientCertificate
        tls.clientPrivateKeyPEMPath = other.clientKey
        _ = try tlsFailure { _ = try server.client(tls: tls).send(server.signer().request("GET", "/api/v1/ping")) }
        let line = await failureLine(containing: "certificate verification failed", on: server)
        #expect(line?.contains("peer=127.0.0.1") == true, "\(failureLines(server))")
    }
}
