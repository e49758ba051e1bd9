import Synchronization

/// Counts the write transactions committed through the connections that share it: every event
/// loop's `Store` of one server, and so the admin API, which writes through its loop's. A loop
/// learns from it of another loop's write without asking SQLite. Writes of other processes (the
/// `sqlite3` shell, `countersign db`) it cannot count: the `CommitMark` tells of those (see
/// `Store.contentStamp()`).
public final class ChangeCounter: Sendable {
    private let count = Atomic<UInt64>(0)

    /// A counter of its own, at 0.
    public init() {}

    /// The commits counted so far.
    public var value: UInt64 { count.load(ordering: .acquiring) }

    /// Counts one commit. Called once the commit is complete, so that whoever reads the new value
    /// and then the file reads what it committed; a reader of the old value may see the commit too,
    /// and then merely rereads once more than needed.
    func increment() {
        count.wrappingAdd(1, ordering: .releasing)
    }
}
