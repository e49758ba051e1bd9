import Dispatch
import Glibc
import JSON
import Store
import System
import Telemetry
import Transport

/// The request journal (API.md "Admin API"), kept off the requests' path.
///
/// Each event loop appends raw records to its own `JournalQueue`. One writer thread wakes every
/// `flushIntervalMilliseconds` (or at once when the admin API asks), turns the waiting records
/// into entries and stores them in short transactions, pausing between two
/// (`WriterPacing`), keeping the newest entries within its
/// `JournalLimits` (entries and bytes) and counting those it drops. Admin
/// reads, counts and clears run on the writer thread too, after the records queued before them
/// are stored: a test sees its own request at once.
public final class Journal: Sendable {
    private typealias Job = @Sendable (JournalStore) -> Void

    private struct Control {
        var queues: [JournalQueue] = []
        var jobs: [Job] = []
        var stopRequested = false
        var stopped = false
    }

    /// How often the writer stores what the loops recorded. Every record waits in memory for up to
    /// an interval and its batch's transactions: at 200 ms that held 6.6–13.4 MiB more under a
    /// 23,000 req/s load than at 50 ms (docs/performance.md).
    static let flushIntervalMilliseconds = 50

    /// Pauses between transactions for up to one interval after a batch begins.
    private let pacing = WriterPacing(pauseWindowMilliseconds: Int64(flushIntervalMilliseconds))
    private let clock: any MonotonicClock = SystemMonotonicClock()

    private let limits: JournalLimits
    private let builder: JournalEntryBuilder
    private let logger: Logger
    private let control = LockedValue(Control())
    private let wake = DispatchSemaphore(value: 0)
    private let writer = LockedValue<LoopThread?>(nil)

    private init(limits: JournalLimits, builder: JournalEntryBuilder, logger: Logger) {
        self.limits = limits
        self.builder = builder
        self.logger = logger
    }

    /// Opens (or creates) the journal database at `path` on a new writer thread and starts it;
    /// the journal keeps the newest entries within `limits`.
    public static func start(path: String, limits: JournalLimits, builder: JournalEntryBuilder, logger: Logger) throws(JournalError) -> Journal {
        let journal = Journal(limits: limits, builder: builder, logger: logger)
        let opened = Handoff<StoreError?>()
        let thread: LoopThread
        do throws(SystemCallError) {
            thread = try LoopThread(name: "cs-journal") {
                let store: JournalStore
                do throws(StoreError) {
                    store = try JournalStore.open(path: path)
                } catch {
                    opened.put(error)
                    return
                }
                opened.put(nil)
                journal.run(store)
            }
        } catch {
            throw .thread(error)
        }
        if let failure = opened.take() {
            thread.join()
            throw .store(failure)
        }
        journal.writer.withLock { $0 = thread }
        return journal
    }

    /// The largest answer body an entry keeps, in bytes (`--journal-answer-bytes`; 0: none).
    var answerBytes: Int { builder.answerBytes }

    /// A queue for one event loop's records.
    func makeQueue() -> JournalQueue {
        let queue = JournalQueue()
        control.withLock { $0.queues.append(queue) }
        return queue
    }

    /// The entries `filter` selects, newest first, as JSON objects (UTF-8 text), and how many
    /// entries were dropped since the last clear. They are rendered on the caller's thread, not
    /// the writer's.
    func entries(matching filter: JournalFilter, limit: Int) throws(JournalError) -> (entries: [[UInt8]], dropped: Int) {
        let (stored, dropped) = try perform { store throws(StoreError) in (try store.entries(matching: filter, limit: limit), try store.dropped()) }
        return (stored.map(JournalEntry.json(stored:)), dropped)
    }

    /// How many entries `filter` selects, and how many entries were dropped since the last clear.
    func count(matching filter: JournalFilter) throws(JournalError) -> (count: Int, dropped: Int) {
        try perform { store throws(StoreError) in (try store.count(matching: filter), try store.dropped()) }
    }

    /// Forgets every entry, including those still waiting to be stored.
    func clear() throws(JournalError) {
        try perform { store throws(StoreError) in try store.clear() }
    }

    /// Stores what is waiting and stops the writer; later admin calls get `stopped`.
    public func stop() {
        control.withLock { $0.stopRequested = true }
        wake.signal()
        writer.withLock { thread in
            thread?.join()
            thread = nil
        }
    }

    /// Runs `body` on the writer thread once every record queued before this call is stored.
    private func perform<Value: Sendable>(_ body: @escaping @Sendable (JournalStore) throws(StoreError) -> Value) throws(JournalError) -> Value {
        let result = Handoff<Result<Value, StoreError>>()
        let accepted = control.withLock { control in
            guard !control.stopped else { return false }
            control.jobs.append { store in
                result.put(Result { () throws(StoreError) in try body(store) })
            }
            return true
        }
        guard accepted else { throw .stopped }
        wake.signal()
        switch result.take() {
        case .success(let value): return value
        case .failure(let error): throw .store(error)
        }
    }

    /// The writer thread's loop.
    private func run(_ store: JournalStore) {
        var cycleStart = DispatchTime.now()
        while true {
            // An interval after the previous cycle began, not after it ended: a writer that took
            // longer than an interval goes on at once.
            _ = wake.wait(timeout: cycleStart + .milliseconds(Self.flushIntervalMilliseconds))
            cycleStart = DispatchTime.now()
            // Jobs are taken before the queues are drained: every record queued before a job was
            // added is stored before the job runs.
            let (queues, jobs, stopping) = control.withLock { control in
                let jobs = control.jobs
                control.jobs = []
                if control.stopRequested { control.stopped = true }
                return (control.queues, jobs, control.stopRequested)
            }
            storeWaitingRecords(of: queues, into: store)
            for job in jobs { job(store) }
            if stopping { return }
        }
    }

    private func storeWaitingRecords(of queues: [JournalQueue], into store: JournalStore) {
        var records: [JournalRecord] = []
        var dropped = 0
        for queue in queues {
            let taken = queue.take()
            dropped += taken.dropped
            if records.isEmpty {
                records = taken.records
            } else {
                records += taken.records
            }
        }
        // Each queue is in order already; the sort interleaves the loops' records.
        if queues.count > 1 { records.sort { $0.answeredAt < $1.answeredAt } }
        if dropped > 0 {
            logger.log(.warning, "journal queue full: requests not recorded", [("dropped", .integer(Int64(dropped)))])
        }
        var lost = dropped
        var failed = false
        var start = records.startIndex
        let batchStart = clock.now()
        repeat {
            let end = min(start + WriterPacing.recordsPerTransaction, records.endIndex)
            let rows = builder.rows(for: records[start..<end])
            do {
                try store.append(rows, within: limits, lost: lost)
            } catch {
                if !failed { logger.log(.error, "journal write failed", [("cause", .text(error.description))]) }
                failed = true
            }
            lost = 0
            start = end
            // An interrupted pause (EINTR) only ends early.
            if start < records.endIndex, pacing.pauses(batchStart: batchStart, now: clock.now()) { _ = usleep(WriterPacing.pauseMicroseconds) }
        } while start < records.endIndex
    }
}
