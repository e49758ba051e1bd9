import HTTP
import Signing
import Store
import System
import Telemetry
import Testing
import TestSupport
@testable import Backend

/// The journal's writer: batches stored in short transactions, and when it gives its core away.
@Suite struct JournalWriterTests {
    @Test func theWriterPausesOnlyWhileItsBatchIsYoungerThanTheWindow() {
        let pacing = WriterPacing(pauseWindowMilliseconds: 200)
        let start = Instant(nanoseconds: 5_000_000_000)
        #expect(pacing.pauses(batchStart: start, now: start))
        #expect(pacing.pauses(batchStart: start, now: start.adding(milliseconds: 199)))
        #expect(!pacing.pauses(batchStart: start, now: start.adding(milliseconds: 200)), "a writer behind its interval keeps the core")
    }

    /// A batch many transactions long: every record is stored once, and those beyond the limit
    /// are counted as dropped, however the batch is cut.
    @Test(arguments: [(limit: 1_000, stored: 700, dropped: 0), (limit: 150, stored: 150, dropped: 550)])
    func aBatchOfManyTransactionsIsStoredWhole(limit: Int, stored: Int, dropped: Int) throws {
        let directory = TemporaryDirectory("journal-writer")
        defer { directory.remove() }
        let journal = try Journal.start(path: directory.file("journal.sqlite"), limits: JournalLimits(entries: limit),
                                        builder: JournalEntryBuilder(policy: SigningPolicy(), secrets: []),
                                        logger: Logger(format: .text, sink: { _ in }))
        defer { journal.stop() }
        let queue = journal.makeQueue()
        let records = 700
        #expect(records > 5 * WriterPacing.recordsPerTransaction)
        for index in 0..<records {
            queue.append(JournalRecord(
                request: HTTPRequest(method: "GET", target: "/api/v1/\(index)", headers: HTTPHeaders()), requestID: "r-\(index)",
                timeMilliseconds: Int64(index), verdict: .valid, httpStatus: 200, code: 0, diagnosis: nil,
                latencyMilliseconds: 1, answeredAt: Instant(nanoseconds: Int64(index)), clientSubject: nil))
        }
        let counted = try journal.count(matching: JournalFilter())
        #expect(counted.count == stored)
        #expect(counted.dropped == dropped)
        let newest = try journal.entries(matching: JournalFilter(), limit: 1).entries
        #expect(newest.first.map { String(decoding: $0, as: UTF8.self).contains(#""request_id":"r-699""#) } == true)
    }
}
