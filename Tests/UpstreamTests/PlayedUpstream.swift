import Foundation
import Glibc
import System
import TLS

/// An upstream the test plays on a `LocalListener`, on a thread of its own: it takes one connection
/// and does what its `Behaviour` says, then reads until the client leaves.
final class PlayedUpstream: Sendable {
    enum Behaviour: Sendable {
        /// Reads what comes and never writes a byte, not even the TLS handshake's.
        case silent
        /// Completes the TLS handshake, reads the request's head and never answers.
        case neverAnswers
        /// Completes the TLS handshake, reads the request's head, moves `clock` on `milliseconds`
        /// (the exchange's time as the client's clock sees it), then answers 200 with `body`.
        case answers(body: String, after: Int64, on: ManualMonotonicClock)
        /// On its first connection: reads the request's head, waits until `released` holds, then
        /// answers 200 `late`, and `stale` to each request after it. On a second connection: answers
        /// 200 `fresh`.
        case answersLateThenFresh(released: LockedValue<Bool>)
    }

    let port: Int
    private let stalling = LockedValue(false)

    /// Plays `behaviour` on a new listener; `tls` is the server's certificate and key.
    init(_ behaviour: Behaviour, tls: TLSServerConfiguration) {
        let listener = LocalListener()
        port = listener.port
        Thread { [stalling] in
            guard let descriptor = listener.accept() else { return }
            defer { Glibc.close(descriptor) }
            let connection = PlayedConnection(descriptor: descriptor)
            if case .answersLateThenFresh = behaviour {
                connection.serveTLS(behaviour, tls: tls, stalling: stalling)
                guard let second = listener.accept() else { return }
                defer { Glibc.close(second) }
                return PlayedConnection(descriptor: second).serveTLS(.answersLateThenFresh(released: LockedValue(true)), tls: tls,
                                                                      stalling: LockedValue(false), body: "fresh")
            }
            guard case .silent = behaviour else {
                return connection.serveTLS(behaviour, tls: tls, stalling: stalling)
            }
            guard connection.readCiphertext() != nil else { return }
            stalling.withLock { $0 = true }
            connection.readUntilTheClientLeaves()
        }.start()
    }

    /// Whether it has what it waits on (the client's first bytes when silent, the request's head
    /// otherwise): the client is past connecting, or past sending its request.
    var hasReachedItsStall: Bool { stalling.withLock { $0 } }
}

/// One accepted connection of a `PlayedUpstream`, on blocking calls.
private struct PlayedConnection {
    let descriptor: Int32

    /// `body` is what `.answersLateThenFresh` answers first once released.
    func serveTLS(_ behaviour: PlayedUpstream.Behaviour, tls: TLSServerConfiguration, stalling: LockedValue<Bool>, body late: String = "late") {
        guard let context = try? TLSContext.server(tls), let session = try? TLSConnection(context: context),
              handshake(session), readRequestHead(session) else { return }
        switch behaviour {
        case .answers(let body, let milliseconds, let clock):
            clock.advance(milliseconds: milliseconds)
            guard answer(body, on: session) else { return }
        case .answersLateThenFresh(let released):
            stalling.withLock { $0 = true }
            while !released.withLock({ $0 }) { Thread.sleep(forTimeInterval: 0.010) }
            guard answer(late, on: session) else { return }
            // A client that kept the connection reads `late` as the answer to its next request.
            while readRequestHead(session), answer("stale", on: session) {}
            return
        case .silent, .neverAnswers:
            stalling.withLock { $0 = true }
        }
        readUntilTheClientLeaves()
    }

    private func answer(_ body: String, on session: TLSConnection) -> Bool {
        let answer = "HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        guard case .complete = session.writePlaintext(Array(answer.utf8)) else { return false }
        return flush(session)
    }

    private func handshake(_ session: TLSConnection) -> Bool {
        while true {
            let step = session.handshake()
            guard flush(session) else { return false }
            switch step {
            case .complete: return true
            case .wantsMoreData: guard feed(session) else { return false }
            case .failed: return false
            }
        }
    }

    private func readRequestHead(_ session: TLSConnection) -> Bool {
        var plaintext: [UInt8] = []
        while plaintext.firstRange(of: Array("\r\n\r\n".utf8)) == nil {
            switch session.readPlaintext(into: &plaintext) {
            case .bytesRead: continue
            case .wantsMoreData: guard feed(session) else { return false }
            case .closed, .failed: return false
            }
        }
        return true
    }

    /// Gives the session the next bytes from the client; false when it left or went quiet.
    private func feed(_ session: TLSConnection) -> Bool {
        guard let bytes = readCiphertext() else { return false }
        session.receiveCiphertext(bytes)
        return true
    }

    private func flush(_ session: TLSConnection) -> Bool {
        var out: [UInt8] = []
        _ = session.drainCiphertext(into: &out)
        var offset = 0
        while offset < out.count {
            let sent = out.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// The next bytes from the client; nil when it left or sent nothing within the blocking limit.
    func readCiphertext() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? Array(buffer[0..<count]) : nil
    }

    /// Reads and drops what comes until the client closes the connection, however long it stays
    /// quiet: a test starved of CPU may take longer than the blocking limit to move its clock, and
    /// its pool's shutdown always closes the connection.
    func readUntilTheClientLeaves() {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 || (count < 0 && (errno == EAGAIN || errno == EINTR)) else { return }
        }
    }
}
