import Glibc
import Testing
@testable import Store

/// The journal file's bounds: entries and bytes, the count of dropped entries, the space on disk,
/// and the path filter's globs.
@Suite struct JournalStoreTests {
    /// Runs `body` with a journal opened in a fresh folder, and the journal file's path.
    private func withJournal(_ body: (JournalStore, String) throws -> Void) throws {
        let folder = try TestFiles.makeTemporaryFolder()
        defer { try? TestFiles.removeFolder(folder) }
        let path = folder + "/journal.sqlite"
        try body(try JournalStore.open(path: path), path)
    }

    /// A row for `path` whose entry is `bytes` bytes of JSON text.
    private func row(_ number: Int, path: String = "/api/v1/ping", bytes: Int = 100) -> JournalRow {
        let prefix = #"{"n":\#(number),"pad":""#
        let text = prefix + String(repeating: "x", count: max(bytes - prefix.utf8.count - 2, 0)) + #""}"#
        return JournalRow(timeMilliseconds: Int64(number), method: "GET", path: path, verdict: "valid", entry: ArraySlice(text.utf8))
    }

    /// The `n` of each entry listed, newest first.
    private func numbers(_ store: JournalStore, _ filter: JournalFilter = JournalFilter()) throws -> [Int] {
        try store.entries(matching: filter, limit: 1000).map { entry in
            Int(String(decoding: entry, as: UTF8.self).dropFirst(5).prefix { $0 != "," }) ?? -1
        }
    }

    private func fileSize(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    @Test func theEntryCountDropsTheOldestAndCountsThem() throws {
        try withJournal { store, _ in
            try store.append((1...4).map { row($0) }, within: JournalLimits(entries: 3))
            #expect(try numbers(store) == [4, 3, 2])
            #expect(try store.dropped() == 1)
            try store.append([row(5)], within: JournalLimits(entries: 3), lost: 2)
            #expect(try numbers(store) == [5, 4, 3])
            #expect(try store.dropped() == 4, "one more trimmed, two that never reached the store")
        }
    }

    /// A count without a filter is the blocks' own: it leaves out the entries trimmed from the oldest
    /// block, as the entries read one by one do, and a reader sees what the writer added since.
    @Test func theCountWithoutAFilterMatchesTheEntriesWhenTheOldestBlockIsPartlyTrimmed() throws {
        try withJournal { store, path in
            let reader = try JournalStore.openForReading(path: path)
            let limits = JournalLimits(entries: 7)
            try store.append((1...5).map { row($0) }, within: limits)
            #expect(try reader.count(matching: JournalFilter()) == 5)
            try store.append((6...9).map { row($0) }, within: limits)
            #expect(try numbers(store) == [9, 8, 7, 6, 5, 4, 3], "the first block keeps 3 of its 5 entries")
            #expect(try store.count(matching: JournalFilter()) == 7)
            #expect(try reader.count(matching: JournalFilter()) == 7)
            #expect(try store.count(matching: JournalFilter(path: "*")) == 7, "the same count read entry by entry")
        }
    }

    /// Rows trimmed by the entry count free their bytes: a budget that the kept rows fit is not
    /// reached however many rows went before.
    @Test func rowsTrimmedByTheEntryCountLeaveTheByteBudget() throws {
        try withJournal { store, _ in
            let limits = JournalLimits(entries: 3, bytes: 3_500)
            try store.append((1...5).map { row($0, bytes: 1_000) }, within: limits)
            try store.append((6...7).map { row($0, bytes: 1_000) }, within: limits)
            #expect(try numbers(store) == [7, 6, 5])
            try store.append([row(8, bytes: 1_600)], within: limits)
            #expect(try numbers(store) == [8, 7], "7 and 8 fit in 2,600 bytes; 6, 7 and 8 would take 3,600")
            #expect(try store.dropped() == 6)
        }
    }

    @Test func theByteBudgetDropsTheOldestAndCountsThem() throws {
        try withJournal { store, _ in
            let limits = JournalLimits(entries: 100, bytes: 3_500)
            try store.append((1...3).map { row($0, bytes: 1_000) }, within: limits)
            #expect(try numbers(store) == [3, 2, 1])
            #expect(try store.dropped() == 0)
            try store.append([row(4, bytes: 1_000)], within: limits)
            #expect(try numbers(store) == [4, 3, 2])
            try store.append([row(5, bytes: 2_000)], within: limits)
            #expect(try numbers(store) == [5, 4], "3,000 bytes fit, 4,000 do not")
            #expect(try store.dropped() == 3)
        }
    }

    @Test func aBatchLargerThanTheLimitsKeepsItsNewestRows() throws {
        try withJournal { store, _ in
            try store.append((1...10).map { row($0, bytes: 1_000) }, within: JournalLimits(entries: 5, bytes: 2_500))
            #expect(try numbers(store) == [10, 9])
            #expect(try store.dropped() == 8)
            try store.append([row(11, bytes: 3_000)], within: JournalLimits(entries: 5, bytes: 2_500))
            #expect(try numbers(store) == [10, 9], "an entry larger than the whole budget is dropped, not stored")
            #expect(try store.dropped() == 9)
        }
    }

    @Test func clearingForgetsTheDroppedCountAndTheBudgetRestartsAfterAReopen() throws {
        try withJournal { store, path in
            let limits = JournalLimits(entries: 100, bytes: 2_500)
            try store.append((1...3).map { row($0, bytes: 1_000) }, within: limits)
            #expect(try store.dropped() == 1)
            let reopened = try JournalStore.open(path: path)
            #expect(try reopened.dropped() == 1, "the count survives a restart")
            try reopened.append([row(4, bytes: 1_000)], within: limits)
            #expect(try numbers(reopened) == [4, 3], "the stored bytes are read back at open")
            try reopened.clear()
            #expect(try reopened.dropped() == 0)
            #expect(try numbers(reopened).isEmpty)
        }
    }

    /// A batch is one block: entries dropped from the oldest block while its newer ones stay are
    /// remembered by a watermark, which a reopened journal reads back with the entries and bytes
    /// it leaves.
    @Test func entriesDroppedFromTheMiddleOfABlockStayDroppedAfterAReopen() throws {
        try withJournal { store, path in
            let limits = JournalLimits(entries: 4, bytes: 3_500)
            try store.append((1...3).map { row($0, bytes: 1_000) }, within: limits)
            try store.append([row(4, bytes: 500)], within: limits)
            try store.append([row(5, bytes: 500)], within: limits)
            #expect(try numbers(store) == [5, 4, 3, 2], "1 goes from its block of three: four entries at most")
            let reopened = try JournalStore.open(path: path)
            #expect(try numbers(reopened) == [5, 4, 3, 2])
            #expect(try reopened.count(matching: JournalFilter()) == 4)
            try reopened.append([row(6, bytes: 1_000)], within: limits)
            #expect(try numbers(reopened) == [6, 5, 4, 3], "2,000 + 500 + 500 + 1,000 bytes: 2 goes for the count, not 3 for the bytes")
            try reopened.append([row(7, bytes: 1_000)], within: limits)
            #expect(try numbers(reopened) == [7, 6, 5, 4], "3,000 bytes once 3, the last of the first block, has gone")
            #expect(try reopened.dropped() == 3)
        }
    }

    /// A journal emptied by trimming (smaller limits, then a batch that does not fit) takes new
    /// entries after it as before: a new block's id never goes back below the watermark.
    @Test func aJournalEmptiedByTrimmingTakesNewEntries() throws {
        try withJournal { store, path in
            try store.append((1...3).map { row($0) }, within: JournalLimits(entries: 10))
            try store.append([], within: JournalLimits(entries: 0), lost: 1)
            #expect(try numbers(store).isEmpty)
            try store.append([row(4)], within: JournalLimits(entries: 10))
            #expect(try numbers(store) == [4])
            #expect(try numbers(JournalStore.open(path: path)) == [4])
            #expect(try store.dropped() == 4)
        }
    }

    /// A listing with `since` stops at the first block all of whose entries, and every older
    /// block's, arrived before it: a block stored later with earlier times (slow requests) does not
    /// stop it early, and blocks older than that are not read at all.
    @Test func sinceStopsAtTheFirstBlockThatCannotHoldALaterEntry() throws {
        try withJournal { store, path in
            let limits = JournalLimits(entries: 100)
            try store.append([row(1), row(2)], within: limits)
            try store.append([row(10), row(50)], within: limits)
            try store.append([row(20), row(30)], within: limits)
            #expect(try numbers(store, JournalFilter(since: 40)) == [50], "the slow requests' block stored last does not hide 50")
            #expect(try store.count(matching: JournalFilter(since: 10)) == 4)
            do {
                let database = try Database(path: path)
                try database.execute("UPDATE journal_block SET data = x'00' WHERE id = 1")
            }
            #expect(try numbers(store, JournalFilter(since: 10)) == [30, 20, 50, 10], "block 1 is not read")
            #expect(throws: StoreError.self) { try numbers(store) }
        }
    }

    /// A block whose bytes are not a block's (a damaged file) makes a listing fail with an error
    /// naming it, not crash or return part of an entry.
    @Test func aDamagedBlockIsAnErrorWhenRead() throws {
        try withJournal { store, path in
            try store.append((1...3).map { row($0) }, within: JournalLimits(entries: 10))
            do {
                let database = try Database(path: path)
                try database.execute("UPDATE journal_block SET data = substr(data, 1, length(data) - 1)")
            }
            #expect {
                try store.entries(matching: JournalFilter(), limit: 10)
            } throws: { error in
                "\(error)".contains("journal block 1 is damaged")
            }
        }
    }

    @Test func theFileStaysNearTheBudgetAndClearGivesTheSpaceBack() throws {
        try withJournal { store, path in
            let limits = JournalLimits(entries: 10_000, bytes: 1 << 20)
            for batch in 0..<40 {
                try store.append((0..<5).map { row(batch * 5 + $0, bytes: 60_000) }, within: limits)
            }
            #expect(try store.count(matching: JournalFilter()) == 17)
            #expect(try store.dropped() == 183)
            let onDisk = fileSize(path) + fileSize(path + "-wal")
            #expect(onDisk < 6 << 20, "12 MB of entries written, a 1 MiB budget: \(onDisk) bytes on disk")
            try store.clear()
            #expect(fileSize(path) < 64 << 10, "after a clear the file gives its pages back: \(fileSize(path)) bytes")
            #expect(fileSize(path + "-wal") == 0)
        }
    }

    @Test func thePathFilterTakesStarGlobsAndNothingElse() throws {
        try withJournal { store, _ in
            let paths = ["/api/v1/users/me", "/api/v1/users/token/refresh", "/api/v1/ping", "/api/v1/p?ng", "/api/v1/[x]"]
            try store.append(paths.enumerated().map { row($0.offset, path: $0.element) }, within: JournalLimits(entries: 100))
            #expect(try numbers(store, JournalFilter(path: "/api/v1/users/*")) == [1, 0])
            #expect(try numbers(store, JournalFilter(path: "*/me")) == [0])
            #expect(try store.count(matching: JournalFilter(path: "*")) == 5)
            #expect(try numbers(store, JournalFilter(path: "/api/v1/ping")) == [2])
            #expect(try numbers(store, JournalFilter(path: "/api/v1/p?ng")) == [3], "? matches only itself")
            #expect(try numbers(store, JournalFilter(path: "/api/v1/[x]")) == [4], "[ matches only itself")
            #expect(try numbers(store, JournalFilter(path: "/api/v1/USERS/*")).isEmpty, "paths are case-sensitive")
        }
    }

    /// A batch is stored by INSERTs of several rows each (75 rows: 64, 8, 2 and 1): every row keeps
    /// its own columns and entry, in order, whatever INSERT it went in and whatever its texts' lengths.
    @Test func aBatchOfAnySizeKeepsEachRowsColumnsAndEntry() throws {
        try withJournal { store, _ in
            let methods = ["GET", "POST", "DELETE"]
            let verdicts = ["valid", "invalid", "missing", "skipped"]
            let rows = (1...75).map { number in
                JournalRow(timeMilliseconds: Int64(number), method: methods[number % 3], path: "/api/v1/" + String(repeating: "p", count: number),
                           verdict: verdicts[number % 4], entry: number == 40 ? [] : ArraySlice("entry \(number)".utf8))
            }
            try store.append(rows, within: JournalLimits(entries: 100))
            #expect(try store.entries(matching: JournalFilter(), limit: 100) == rows.reversed().map { Array($0.entry) })
            for number in [1, 40, 64, 65, 73, 75] {
                let row = rows[number - 1]
                let filter = JournalFilter(since: row.timeMilliseconds, method: row.method, path: row.path, verdict: row.verdict)
                #expect(try store.entries(matching: filter, limit: 100) == [Array(row.entry)], "row \(number)")
            }
            try store.append(Array(rows.prefix(3)), within: JournalLimits(entries: 100))
            #expect(try store.count(matching: JournalFilter()) == 78, "the same statements serve the next batch")
            #expect(try store.dropped() == 0)
        }
    }

    /// A journal of one row per entry (before blocks) is regrouped into blocks when opened: its
    /// entries in order, their bytes in the budget, its dropped count kept.
    @Test func aJournalOfOneRowPerEntryBecomesBlocks() throws {
        try withJournal { _, path in
            let older = path + ".v3"
            do {
                let database = try Database(path: older)
                try Migrations(all: [JournalSchema.v1, JournalSchema.v2, JournalSchema.v3]).apply(to: database)
                for number in 1...150 {
                    try database.execute("INSERT INTO journal (time_ms, method, path, verdict, bytes, entry) VALUES (?1, 'GET', '/api/v1/ping', 'valid', ?2, ?3)",
                                         [.integer(Int64(number)), .integer(100), .blob(Array(row(number).entry))])
                }
                try database.execute("UPDATE journal_dropped SET count = 5")
            }
            let store = try JournalStore.open(path: older)
            #expect(try numbers(store) == Array((1...150).reversed()))
            #expect(try store.dropped() == 5)
            try store.append([row(151)], within: JournalLimits(entries: 1_000, bytes: 150 * 100))
            #expect(try numbers(store).prefix(2) == [151, 150])
            #expect(try numbers(store).last == 2, "the converted entries' bytes count: one goes for the new one")
            #expect(try store.dropped() == 6)
        }
    }

    /// A journal written before entries became bytes keeps its JSON entries, their sizes and its
    /// dropped count, and takes new entries in any form after it.
    @Test func aJournalOfJSONTextEntriesIsMigratedWithItsEntries() throws {
        try withJournal { _, path in
            let older = path + ".v2"
            do {
                let database = try Database(path: older)
                try Migrations(all: [JournalSchema.v1, JournalSchema.v2]).apply(to: database)
                try database.execute("INSERT INTO journal (time_ms, method, path, verdict, bytes, entry) VALUES (1, 'GET', '/api/v1/ping', 'valid', 9, '{\"n\":1,}')")
                try database.execute("UPDATE journal_dropped SET count = 7")
            }
            let store = try JournalStore.open(path: older)
            #expect(try store.entries(matching: JournalFilter(), limit: 10) == [Array(#"{"n":1,}"#.utf8)])
            #expect(try store.dropped() == 7)
            let compact: [UInt8] = [1, 0, 0xFF, 0x7B]
            try store.append([JournalRow(timeMilliseconds: 2, method: "GET", path: "/api/v1/ping", verdict: "valid", entry: compact[...])],
                             within: JournalLimits(entries: 10, bytes: 13))
            #expect(try store.entries(matching: JournalFilter(), limit: 10) == [compact, Array(#"{"n":1,}"#.utf8)],
                    "bytes that are not UTF-8 are kept as they are, and the old entry's size counts in the budget")
            let next: [UInt8] = [1, 2, 3, 4]
            try store.append([JournalRow(timeMilliseconds: 3, method: "GET", path: "/api/v1/ping", verdict: "valid", entry: next[...])],
                             within: JournalLimits(entries: 10, bytes: 13))
            #expect(try store.entries(matching: JournalFilter(), limit: 10) == [next, compact],
                    "9 + 4 + 4 bytes pass the budget of 13: the old entry, the oldest, goes")
            #expect(try store.dropped() == 8)
        }
    }
}
