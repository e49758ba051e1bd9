import Dispatch
import System

/// Lets `HTTPServer.start()` wait until every loop has made its responder, and learn the first failure.
final class StartupBarrier: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let failure = LockedValue<String?>(nil)
    private let count: Int

    init(count: Int) { self.count = count }

    /// A loop is ready.
    func succeeded() { semaphore.signal() }

    /// A loop could not start.
    func failed(_ reason: String) {
        failure.withLock { $0 = $0 ?? reason }
        semaphore.signal()
    }

    /// Waits for every loop; returns the first failure, if any.
    func wait() -> String? {
        for _ in 0..<count { semaphore.wait() }
        return failure.withLock { $0 }
    }
}
