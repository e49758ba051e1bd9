import Glibc
import System

/// A non-blocking TCP socket whose every wait is bounded by a deadline (`poll`), so that a stalled
/// upstream costs a worker thread at most the timeout.
final class UpstreamSocket {
    /// The longest single `poll` of a wait. The deadline is on the injected clock, which need not move
    /// with real time (a test's manual clock): re-reading it after each slice ends a wait within one
    /// slice of the clock passing the deadline, where one `poll` for the whole remaining time would
    /// end only when that much real time had passed. A waiting worker wakes 10 times a second.
    static let pollSliceMilliseconds: Int64 = 100

    private var descriptor: Int32 = -1
    private let clock: any MonotonicClock

    /// Connects to `host:port`, trying each resolved address, before `deadline`.
    init(host: String, port: Int, deadline: Instant, clock: any MonotonicClock) throws(UpstreamFailure) {
        self.clock = clock
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .unreachable("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        var lastError = "no address"
        while let info = candidate {
            candidate = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else { continue }
            var one: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            descriptor = fd
            if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 { return }
            guard errno == EINPROGRESS else {
                lastError = String(cString: strerror(errno))
                close()
                continue
            }
            try wait(for: Int16(POLLOUT), until: deadline, doing: "connecting to \(host):\(port)")
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            if getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 && error == 0 { return }
            lastError = String(cString: strerror(error))
            close()
        }
        throw .unreachable("\(host):\(port): \(lastError)")
    }

    deinit { close() }

    /// Sends every byte before `deadline`.
    func send(_ bytes: [UInt8], deadline: Instant) throws(UpstreamFailure) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                let rest = UnsafeRawBufferPointer(rebasing: buffer[offset...])
                return Glibc.send(descriptor, rest.baseAddress, rest.count, Int32(MSG_NOSIGNAL))
            }
            if sent >= 0 {
                offset += sent
            } else if errno == EAGAIN || errno == EINTR {
                try wait(for: Int16(POLLOUT), until: deadline, doing: "sending the request")
            } else {
                throw .unreachable("sending the request: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// Reads what arrives before `deadline` into `buffer`; 0 means the upstream closed. A timeout
    /// names `what` was waited for.
    func receive(into buffer: inout [UInt8], deadline: Instant, waitingFor what: String) throws(UpstreamFailure) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count >= 0 { return count }
            guard errno == EAGAIN || errno == EINTR else {
                throw .unreachable("reading the answer: \(String(cString: strerror(errno)))")
            }
            try wait(for: Int16(POLLIN), until: deadline, doing: what)
        }
    }

    /// Waits until the socket is ready for `events`, or failed or hung up (the next call says which),
    /// in slices of at most `pollSliceMilliseconds`, each re-reading the clock.
    private func wait(for events: Int16, until deadline: Instant, doing what: String) throws(UpstreamFailure) {
        while true {
            let remaining = deadline.milliseconds(since: clock.now())
            guard remaining > 0 else { throw .timedOut(what) }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(min(remaining, Self.pollSliceMilliseconds)))
            if ready < 0 && errno == EINTR { continue }
            guard ready >= 0 else { throw .unreachable("\(what): \(String(cString: strerror(errno)))") }
            if ready > 0 { return }
        }
    }

    /// Whether an idle kept-alive connection has something to read, which can only be its end (or
    /// bytes no request asked for): it must not carry another request.
    var isStale: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) != 0
    }

    /// Closes the socket once.
    func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }
}
