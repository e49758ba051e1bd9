import CLinux
import Glibc
import System

/// What a registered descriptor is ready for.
struct Readiness: OptionSet {
    let rawValue: UInt32
    static let readable = Readiness(rawValue: EPOLLIN.rawValue)
    static let writable = Readiness(rawValue: EPOLLOUT.rawValue)
    /// The peer shut its sending side (a FIN arrived): reads end with end-of-file.
    static let peerHungUp = Readiness(rawValue: EPOLLRDHUP.rawValue)
    /// Both directions are shut (or the connection was reset).
    static let hungUp = Readiness(rawValue: EPOLLHUP.rawValue)
    static let error = Readiness(rawValue: EPOLLERR.rawValue)
}

/// An epoll instance: the readiness selector of one event loop.
final class Epoll {
    private let descriptor: Int32
    private var events: [epoll_event]

    init(capacity: Int = 512) throws(SystemCallError) {
        descriptor = try blockingSystemCall("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
        events = [epoll_event](repeating: epoll_event(), count: capacity)
    }

    deinit { _ = Glibc.close(descriptor) }

    /// Watches `fileDescriptor` for reads and writes, edge-triggered: each registration is made once
    /// and never modified, and the owner reads or writes until the call would block.
    func register(_ fileDescriptor: Int32, edgeTriggered: Bool = true) throws(SystemCallError) {
        var event = epoll_event()
        var flags = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
        if edgeTriggered { flags |= EPOLLOUT.rawValue | EPOLLET.rawValue }
        event.events = flags
        event.data.fd = fileDescriptor
        let descriptor = self.descriptor
        try blockingSystemCall("epoll_ctl(ADD)") { epoll_ctl(descriptor, EPOLL_CTL_ADD, fileDescriptor, &event) }
    }

    /// Stops watching `fileDescriptor` (closing it also does that).
    func unregister(_ fileDescriptor: Int32) {
        _ = epoll_ctl(descriptor, EPOLL_CTL_DEL, fileDescriptor, nil)
    }

    /// Waits at most `timeoutMilliseconds` (-1: forever) and calls `handle` for each ready descriptor.
    func wait(timeoutMilliseconds: Int32, _ handle: (Int32, Readiness) -> Void) throws(SystemCallError) {
        let descriptor = self.descriptor
        let capacity = Int32(events.count)
        let count = try events.withUnsafeMutableBufferPointer { buffer throws(SystemCallError) -> Int32 in
            let result = try systemCall("epoll_wait") { epoll_wait(descriptor, buffer.baseAddress, capacity, timeoutMilliseconds) }
            guard case .done(let count) = result else { return 0 }
            return count
        }
        for index in 0..<Int(count) {
            handle(events[index].data.fd, Readiness(rawValue: events[index].events))
        }
    }
}
