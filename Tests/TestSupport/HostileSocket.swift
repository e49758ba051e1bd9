import Glibc

/// A raw TCP connection to the server on 127.0.0.1, for clients that do not speak TLS properly:
/// it sends whatever bytes a test gives it and watches for the server closing the connection.
public final class HostileSocket {
    private var descriptor: Int32

    /// Connects to `127.0.0.1:port`; each send and receive waits at most `timeoutMilliseconds`. The
    /// default leaves a loaded machine room and stays half the server's 10 s handshake and header
    /// timeouts, so that `serverCloses` tells a close the server decided from one of those timeouts.
    ///
    /// `receiveBufferBytes` and `maximumSegmentBytes` (set before connecting, so the server sees them)
    /// make a client on a slow link: a small window and small segments keep the server's socket
    /// buffer small too, so its writes block once a few tens of kilobytes go unread.
    public init(port: Int, timeoutMilliseconds: Int = 5_000, receiveBufferBytes: Int32? = nil,
         maximumSegmentBytes: Int32? = nil) throws(HostileSocketError) {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw HostileSocketError(operation: "socket", code: errno) }
        let timeout = timeval(tv_sec: timeoutMilliseconds / 1_000, tv_usec: (timeoutMilliseconds % 1_000) * 1_000)
        setOption(SOL_SOCKET, SO_RCVTIMEO, timeout)
        setOption(SOL_SOCKET, SO_SNDTIMEO, timeout)
        if let size = receiveBufferBytes { setOption(SOL_SOCKET, SO_RCVBUF, size) }
        if let size = maximumSegmentBytes { setOption(Int32(IPPROTO_TCP), TCP_MAXSEG, size) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw HostileSocketError(operation: "connect", code: code)
        }
    }

    deinit { close() }

    /// Sends every byte; false when the server closed the connection (or the send timed out) first.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                Glibc.send(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Reads what is available: the bytes, an empty array when the server closed the connection,
    /// or nil when nothing came before the timeout.
    public func receive() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count >= 0 { return Array(buffer.prefix(count)) }
            switch errno {
            case EINTR: continue
            case ECONNRESET, EPIPE: return []
            default: return nil
            }
        }
    }

    /// Whether the server closes the connection (FIN or RST) before it goes quiet for the receive
    /// timeout; whatever it sends first (an alert, an error response) is read and dropped.
    public func serverCloses() -> Bool {
        while let bytes = receive() {
            if bytes.isEmpty { return true }
        }
        return false
    }

    /// Sets a socket option; a test socket that cannot take one still shows what the server does.
    private func setOption(_ level: Int32, _ option: Int32, _ value: some BitwiseCopyable) {
        withUnsafeBytes(of: value) { _ = setsockopt(descriptor, level, option, $0.baseAddress, socklen_t($0.count)) }
    }

    /// Closes the socket (once).
    public func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }
}
