import System

/// One event loop's journal records waiting for the writer. Each loop appends to its own queue, so
/// recording a request never waits for another loop, only (for a swap) for the writer.
final class JournalQueue: Sendable {
    private struct State {
        var records: [JournalRecord] = []
        var bodyBytes = 0
        var dropped = 0
    }

    /// Records kept at most while the writer is behind; more are counted and dropped.
    static let capacity = 10_000
    /// Request and kept answer body bytes kept at most while the writer is behind.
    static let bodyByteCapacity = 64 << 20

    private let state = LockedValue(State())

    /// Appends `record`, or counts it as dropped when the queue is full.
    func append(_ record: JournalRecord) {
        let bytes = record.request.body.count + (record.answer?.body?.count ?? 0)
        state.withLock { state in
            guard state.records.count < Self.capacity, state.bodyBytes + bytes <= Self.bodyByteCapacity else {
                state.dropped += 1
                return
            }
            state.records.append(record)
            state.bodyBytes += bytes
        }
    }

    /// Takes every waiting record, and how many were dropped since the last call. The queue keeps
    /// room for as many records as it gave, so that a steady flow does not grow it again each time.
    func take() -> (records: [JournalRecord], dropped: Int) {
        state.withLock { state in
            var fresh = State()
            fresh.records.reserveCapacity(state.records.count)
            swap(&state, &fresh)
            return (fresh.records, fresh.dropped)
        }
    }
}
