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

    /// Watches `fileDescriptor` for reads, edge-triggered (the owner reads until the call would
    /// block) or, for a listener or the wake-up descriptor, level-triggered. Writability is watched
    /// only from `watchWritability(of:)` on: a new socket is writable at once, and being told so
    /// would cost its connection an empty wake-up.
    func register(_ fileDescriptor: Int32, edgeTriggered: Bool = true) throws(SystemCallError) {
        try control(EPOLL_CTL_ADD, "epoll_ctl(ADD)", fileDescriptor,
                    flags: EPOLLIN.rawValue | EPOLLRDHUP.rawValue | (edgeTriggered ? EPOLLET.rawValue : 0))
    }

    /// Watches the edge-triggered `fileDescriptor` for writes too, from now on: called once its
    /// owner's write would block. If it became writable in between, the next wait says so.
    func watchWritability(of fileDescriptor: Int32) throws(SystemCallError) {
        try control(EPOLL_CTL_MOD, "epoll_ctl(MOD)", fileDescriptor,
                    flags: EPOLLIN.rawValue | EPOLLOUT.rawValue | EPOLLRDHUP.rawValue | EPOLLET.rawValue)
    }

    private func control(_ operation: Int32, _ name: String, _ fileDescriptor: Int32, flags: UInt32) throws(SystemCallError) {
        var event = epoll_event()
        event.events = flags
        event.data.fd = fileDescriptor
        let descriptor = self.descriptor
        try blockingSystemCall(name) { epoll_ctl(descriptor, operation, fileDescriptor, &event) }
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
