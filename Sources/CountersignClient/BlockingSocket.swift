import Glibc

/// A blocking TCP socket with read and write timeouts, for the client.
final class BlockingSocket {
    private(set) var descriptor: Int32 = -1

    /// Connects to `host:port` (numeric address or name), trying each resolved address.
    init(host: String, port: Int, timeoutSeconds: Int) throws(ClientError) {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw .connectionFailed("cannot resolve \(host)")
        }
        defer { freeaddrinfo(list) }
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        var lastError: Int32 = 0
        while let info = candidate {
            let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            if fd >= 0 {
                var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                var one: Int32 = 1
                setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                if connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                    descriptor = fd
                    return
                }
                lastError = errno
                Glibc.close(fd)
            }
            candidate = info.pointee.ai_next
        }
        throw .connectionFailed("\(host):\(port): \(String(cString: strerror(lastError)))")
    }

    deinit { close() }

    /// Sends every byte.
    func send(_ bytes: [UInt8]) throws(ClientError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                let rest = UnsafeRawBufferPointer(rebasing: buffer[offset...])
                return Glibc.send(descriptor, rest.baseAddress, rest.count, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                throw errno == EAGAIN ? .timedOut : .connectionClosed
            }
            offset += sent
        }
    }

    /// Reads what is available (blocking until something is); 0 means the peer closed.
    func receive(into buffer: inout [UInt8]) throws(ClientError) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count >= 0 { return count }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { throw .timedOut }
            if errno == ECONNRESET { throw .connectionClosed }
            throw .connectionFailed(String(cString: strerror(errno)))
        }
    }

    /// Closes the socket once.
    func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }
}
