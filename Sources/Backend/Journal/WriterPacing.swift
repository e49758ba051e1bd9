import System

/// When the journal's writer gives its core away. It stores a batch in transactions of
/// `recordsPerTransaction` and yields between two, so that an event loop sharing the core waits
/// for it a transaction at a time rather than for the whole batch. But a writer that yields gets
/// only part of a busy core, so it yields only while the batch is younger than
/// `yieldWindowMilliseconds`: one that falls behind takes the core it needs, and the loops'
/// queues do not overflow.
struct WriterPacing: Sendable {
    /// The most records stored in one transaction.
    static let recordsPerTransaction = 64

    /// How long after a batch begins the writer still yields between its transactions.
    let yieldWindowMilliseconds: Int64

    /// Whether to yield before the next transaction of a batch that began at `batchStart`.
    func yields(batchStart: Instant, now: Instant) -> Bool {
        now.milliseconds(since: batchStart) < yieldWindowMilliseconds
    }
}
