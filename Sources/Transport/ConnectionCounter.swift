import Synchronization

/// The number of open connections across all event loops, to enforce the connection limit.
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

    /// The connections open now.
    var current: Int { count.load(ordering: .relaxed) }
}
