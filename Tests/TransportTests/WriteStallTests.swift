import HTTP
import Testing
import TestSupport
import Transport

/// The write-stall timeout, which the end-to-end hostile-client tests cannot reach: the real server
/// waits 60 s for a reader that stopped reading, so here it is shortened on the bare transport.
@Suite struct WriteStallTests {
    @Test func aReaderThatNeverReadsIsDroppedWhenItsResponsesStall() async throws {
        let harness = try TransportHarness {
            $0.timeouts.writeStallMilliseconds = 300
            // Far beyond the wait below, so that only the write stall can close the connection.
            $0.timeouts.requestHeadersMilliseconds = 120_000
            $0.timeouts.idleMilliseconds = 120_000
            $0.maxPendingOutputBytes = 16 * 1024
        }
        // A small window and small segments that are never read: the server's writes block after a
        // few responses (on loopback's 64 KB segments its socket would first buffer 4 MB).
        let socket = try HostileSocket(port: harness.port, receiveBufferBytes: 4_096, maximumSegmentBytes: 1_024)
        let session = try HostileTLSSession(over: socket, trustRootsPEMPath: harness.paths.caCertificate)
        // 32 pipelined requests whose responses echo their 8 KB targets: 256 KB of answers.
        var request: [UInt8] = []
        HTTPRequestEncoder.encode(TransportHarness.get("/" + String(repeating: "r", count: 8_000)), into: &request)
        let clock = ContinuousClock()
        let started = clock.now
        session.sendPlaintext(Array(Array(repeating: request, count: 32).joined()))
        // About a second in a debug build; the ceiling leaves room for sanitizers and a loaded
        // machine, and is still far below the header and idle timeouts set above.
        #expect(await eventually(withinMilliseconds: 30_000) { harness.server.openConnections == 0 })
        #expect(clock.now - started >= .milliseconds(300))
        #expect(try harness.client().send(TransportHarness.get("/after")).status == .ok)
    }
}
