import Foundation
import Glibc

/// A TCP listener on 127.0.0.1 at an ephemeral port, for an upstream the test plays itself. Every
/// blocking call on it, or on a connection it accepted, gives up after `blockingLimitSeconds`, so that
/// a test's upstream thread ends even when the client under test never comes or stops halfway.
final class LocalListener: @unchecked Sendable {
    static let blockingLimitSeconds = 20
    private let descriptor: Int32
    let port: Int

    /// Listens with `backlog` (0 queues a single connection that is not accepted yet).
    init(backlog: Int32 = 16) {
        let listening = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        precondition(listening >= 0, "socket: \(errno)")
        Self.limitBlocking(listening)
        var address = Self.loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listening, pointer, length) == 0 && getsockname(listening, pointer, &length) == 0
            }
        }
        precondition(bound && listen(listening, backlog) == 0, "bind or listen: \(errno)")
        descriptor = listening
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { Glibc.close(descriptor) }

    /// The next connection, or nil when none came within the blocking limit.
    func accept() -> Int32? {
        let connection = Glibc.accept(descriptor, nil, nil)
        guard connection >= 0 else { return nil }
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        Self.limitBlocking(connection)
        return connection
    }

    /// Whether the kernel's queue of connections not accepted yet is full: a further connection's
    /// SYN is then dropped, so that connecting to this listener cannot complete.
    var acceptQueueIsFull: Bool {
        var info = tcp_info()
        var length = socklen_t(MemoryLayout<tcp_info>.size)
        guard getsockopt(descriptor, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0 else { return false }
        // For a listening socket the kernel reports the queue's length and its bound in these two fields.
        return info.tcpi_unacked > info.tcpi_sacked
    }

    /// Whether a connection to this listener is waiting for the answer to its SYN (`SYN_SENT` in
    /// /proc/net/tcp): the client under test has begun to connect.
    var hasAConnectionInSYNSent: Bool {
        let remote = "0100007F:" + String(format: "%04X", port)
        return Self.procNetTCP().split(separator: "\n").contains { line in
            let fields = line.split(separator: " ")
            return fields.count > 3 && fields[2] == remote && fields[3] == "02"
        }
    }

    /// A blocking connection to this listener from the test itself, to fill its queue.
    func connectFromTest() -> Int32 {
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        precondition(client >= 0, "socket: \(errno)")
        var address = Self.loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        precondition(connected == 0, "connect: \(errno)")
        return client
    }

    /// The whole of /proc/net/tcp, read to its end: the kernel makes it a page at a time, and on a
    /// machine with many sockets it is far longer than one read.
    private static func procNetTCP() -> String {
        let file = open("/proc/net/tcp", O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return "" }
        defer { Glibc.close(file) }
        var table: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            table += chunk[0..<count]
        }
        return String(decoding: table, as: UTF8.self)
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private static func limitBlocking(_ descriptor: Int32) {
        var limit = timeval(tv_sec: blockingLimitSeconds, tv_usec: 0)
        for option in [SO_RCVTIMEO, SO_SNDTIMEO] {
            _ = setsockopt(descriptor, SOL_SOCKET, option, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
    }
}
