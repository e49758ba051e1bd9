import Synchronization

/// A number of connections across all event loops, kept under a limit: the open connections, or
/// those keeping their TLS record buffers.
final class ConnectionCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// Counts one more connection unless `limit` is reached; returns whether it was counted.
    func admit(limit: Int) -> Bool {
        var current = count.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = count.compareExchange(expected: current, desired: current + 1, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Counts one connection less.
    func release() { count.subtract(1, ordering: .relaxed) }

    /// The connections counted now.
    var current: Int { count.load(ordering: .relaxed) }
}
