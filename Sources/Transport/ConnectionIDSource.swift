import Synchronization

/// Hands out connection ids unique within the process.
final class ConnectionIDSource: Sendable {
    private let last = Atomic<UInt64>(0)

    /// The next id.
    func next() -> UInt64 { last.add(1, ordering: .relaxed).newValue }
}
