import System

/// When the journal's writer gives its core away. It stores a batch in transactions of
/// `recordsPerTransaction` and pauses for `pauseMicroseconds` between two, so that an event loop
/// sharing the core waits for it a transaction at a time rather than for the whole batch. A pause
/// takes the writer off the core: `sched_yield` did not under Linux's EEVDF scheduler (6.6 on),
/// which keeps running the yielding thread while the loop has had more than its share, and the
/// loop then waited for a whole batch (docs/performance.md). But a writer that pauses gets only
/// part of a busy core, so it pauses only while the batch is younger than `pauseWindowMilliseconds`:
/// one that falls behind takes the core it needs, and the loops' queues do not overflow.
struct WriterPacing: Sendable {
    /// The most records stored in one transaction (about 0.3 ms of the writer's work).
    static let recordsPerTransaction = 128
    /// How long the writer pauses between two transactions of a young batch.
    static let pauseMicroseconds: UInt32 = 200

    /// How long after a batch begins the writer still pauses between its transactions.
    let pauseWindowMilliseconds: Int64

    /// Whether to pause before the next transaction of a batch that began at `batchStart`.
    func pauses(batchStart: Instant, now: Instant) -> Bool {
        now.milliseconds(since: batchStart) < pauseWindowMilliseconds
    }
}
