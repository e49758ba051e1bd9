import CLinux
import Glibc
import System

/// A non-blocking TCP socket that owns its file descriptor and closes it on `close()` or in `deinit`.
final class Socket {
    /// The descriptor, or -1 once closed.
    private(set) var descriptor: Int32

    init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close() }

    /// Fails with `EADDRINUSE` when another socket holds `address`. The loops' listeners share their port
    /// with `SO_REUSEPORT`, which would also let a second server join the same port and take half of
    /// the connections; binding once without it first makes that a clear start-up error instead.
    static func checkAvailable(_ address: SocketAddress) throws(SystemCallError) {
        let descriptor = try blockingSystemCall("socket") {
            Glibc.socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        let probe = Socket(descriptor: descriptor)
        defer { probe.close() }
        try probe.setOption(SOL_SOCKET, SO_REUSEADDR, 1, name: "SO_REUSEADDR")
        try probe.bind(to: address)
    }

    /// A listening socket bound to `address`, with `SO_REUSEPORT` so that every event loop can have its own.
    static func listening(on address: SocketAddress, backlog: Int32) throws(SystemCallError) -> Socket {
        let descriptor = try blockingSystemCall("socket") {
            Glibc.socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        let socket = Socket(descriptor: descriptor)
        try socket.setOption(SOL_SOCKET, SO_REUSEADDR, 1, name: "SO_REUSEADDR")
        try socket.setOption(SOL_SOCKET, SO_REUSEPORT, 1, name: "SO_REUSEPORT")
        if address.family == AF_INET6 {
            // `::` then takes IPv4 too, as users of `--host ::` expect.
            try socket.setOption(Int32(IPPROTO_IPV6), IPV6_V6ONLY, 0, name: "IPV6_V6ONLY")
        }
        try socket.bind(to: address)
        try blockingSystemCall("listen") { Glibc.listen(descriptor, backlog) }
        return socket
    }

    private func bind(to address: SocketAddress) throws(SystemCallError) {
        var storage = address.storage
        let descriptor = self.descriptor
        _ = try withUnsafePointer(to: &storage) { pointer throws(SystemCallError) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddrPointer throws(SystemCallError) in
                try blockingSystemCall("bind(\(address))") { Glibc.bind(descriptor, sockaddrPointer, address.length) }
            }
        }
    }

    /// The address the socket is bound to (after binding port 0, the port the kernel chose).
    func localAddress() throws(SystemCallError) -> SocketAddress {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let descriptor = self.descriptor
        _ = try withUnsafeMutablePointer(to: &storage) { pointer throws(SystemCallError) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddrPointer throws(SystemCallError) in
                try blockingSystemCall("getsockname") { getsockname(descriptor, sockaddrPointer, &length) }
            }
        }
        return SocketAddress(storage: storage, length: length)
    }

    /// Accepts one pending connection, non-blocking, or nil when none is waiting.
    func accept() throws(SystemCallError) -> (Socket, SocketAddress)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let descriptor = self.descriptor
        let result = try withUnsafeMutablePointer(to: &storage) { pointer throws(SystemCallError) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sockaddrPointer throws(SystemCallError) in
                try systemCall("accept4") {
                    cs_accept4(descriptor, sockaddrPointer, &length, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
                }
            }
        }
        guard case .done(let accepted) = result else { return nil }
        let socket = Socket(descriptor: accepted)
        // Responses are written whole per event-loop turn, so Nagle's delay only adds latency.
        try? socket.setOption(Int32(IPPROTO_TCP), TCP_NODELAY, 1, name: "TCP_NODELAY")
        return (socket, SocketAddress(storage: storage, length: length))
    }

    /// Reads into `buffer`; `.done(0)` means the peer closed its side.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemCallError) -> SystemCallResult<Int> {
        let descriptor = self.descriptor
        return try systemCall("read") { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
    }

    /// Writes as much of `buffer` as the socket takes now.
    func write(_ buffer: UnsafeRawBufferPointer) throws(SystemCallError) -> SystemCallResult<Int> {
        let descriptor = self.descriptor
        return try systemCall("send") { Glibc.send(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Makes the next `close()` send a TCP RST instead of a FIN (`SO_LINGER` with a zero timeout).
    func prepareReset() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    }

    /// Closes the descriptor once; later calls do nothing.
    func close() {
        guard descriptor >= 0 else { return }
        _ = Glibc.close(descriptor)
        descriptor = -1
    }

    private func setOption(_ level: Int32, _ option: Int32, _ value: Int32, name: String) throws(SystemCallError) {
        var value = value
        let descriptor = self.descriptor
        try blockingSystemCall("setsockopt(\(name))") {
            setsockopt(descriptor, level, option, &value, socklen_t(MemoryLayout<Int32>.size))
        }
    }
}
