import CLinux
import Glibc
import System

/// An `eventfd` that another thread signals to wake an event loop out of `epoll_wait`.
final class Wakeup {
    let descriptor: Int32

    init() throws(SystemCallError) {
        descriptor = try blockingSystemCall("eventfd") { eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC)) }
    }

    deinit { _ = Glibc.close(descriptor) }

    /// Wakes the loop; safe from any thread.
    func signal() {
        var one: UInt64 = 1
        _ = Glibc.write(descriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// Consumes pending signals (called by the loop after waking).
    func drain() {
        var value: UInt64 = 0
        _ = Glibc.read(descriptor, &value, MemoryLayout<UInt64>.size)
    }
}
