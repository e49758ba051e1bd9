import HTTP
import Testing
import TestSupport
import Transport

/// Writes that block: the write-stall timeout, which the end-to-end hostile-client tests cannot
/// reach (the real server waits 60 s for a reader that stopped reading, so here it is shortened on
/// the bare transport), and the writes resuming once the reader reads.
@Suite struct WriteStallTests {
    /// The server watches a socket's writability only once a write would block: the answers that
    /// did not fit must go out as the reader makes room.
    @Test func aSlowReaderGetsEveryAnswer() throws {
        let harness = try TransportHarness { $0.maxPendingOutputBytes = 16 * 1024 }
        let socket = try HostileSocket(port: harness.port, receiveBufferBytes: 4_096, maximumSegmentBytes: 1_024)
        let session = try HostileTLSSession(over: socket, trustRootsPEMPath: harness.paths.caCertificate)
        var request: [UInt8] = []
        HTTPRequestEncoder.encode(TransportHarness.get("/" + String(repeating: "r", count: 8_000)), into: &request)
        let requests = 32
        session.sendPlaintext(Array(Array(repeating: request, count: requests).joined()))
        // Into a 4 KB window the server's writes block again and again (and it stops reading
        // requests meanwhile): it goes on only when told that the socket takes writes again.
        let status = Array("HTTP/1.1 200 ".utf8)
        var answers = 0
        var bytes = 0
        // The end of the previous read, where a status line may begin.
        var carried: [UInt8] = []
        while answers < requests, let plaintext = session.receivePlaintext(), !plaintext.isEmpty {
            let window = carried + plaintext
            answers += Self.occurrences(of: status, in: window)
            carried = Array(window.suffix(status.count - 1))
            bytes += plaintext.count
        }
        #expect(answers == requests, "\(answers) of \(requests) answers, \(bytes) bytes")
    }

    /// How many times `pattern` occurs in `bytes`.
    private static func occurrences(of pattern: [UInt8], in bytes: [UInt8]) -> Int {
        guard bytes.count >= pattern.count else { return 0 }
        return (0...(bytes.count - pattern.count)).count { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

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
        #expect(await eventually { harness.server.openConnections == 0 })
        #expect(clock.now - started >= .milliseconds(300))
        #expect(try harness.client().send(TransportHarness.get("/after")).status == .ok)
    }
}
