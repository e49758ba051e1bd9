import Testing
@testable import Store

/// The bytes a block of journal rows is stored as, read back.
@Suite struct JournalBlockTests {
    private let rows = [
        JournalRow(timeMilliseconds: 1_764_800_000_123, method: "GET", path: "/api/v1/checkin", verdict: "valid", entry: [1, 2, 3]),
        JournalRow(timeMilliseconds: -1, method: "PÖST", path: "", verdict: "missing", entry: []),
        JournalRow(timeMilliseconds: 0, method: "DELETE", path: "/api/v1/" + String(repeating: "é", count: 300), verdict: "invalid",
                   entry: ArraySlice(repeating: 0xFF, count: 70_000)),
    ]

    /// The rows `data` holds, made `JournalRow`s again.
    private func readRows(_ data: [UInt8]) -> [JournalRow]? {
        JournalBlock.storedRows(data)?.map { row in
            JournalRow(timeMilliseconds: row.timeMilliseconds, method: String(decoding: row.method, as: UTF8.self),
                       path: String(decoding: row.path, as: UTF8.self), verdict: String(decoding: row.verdict, as: UTF8.self),
                       entry: row.entry)
        }
    }

    @Test func rowsComeBackAsTheyWereWithTheirEntrySizes() {
        let block = JournalBlock(rows[...])
        #expect(readRows(block.data) == rows)
        #expect(JournalBlock.entrySizes(block.sizes) == [3, 0, 70_000])
        #expect(block.count == 3)
        #expect(block.entryBytes == 70_003)
        #expect(readRows(JournalBlock(rows[1...]).data) == Array(rows[1...]))
    }

    @Test func bytesThatAreNotABlockAreRefused() {
        let data = JournalBlock(rows[...]).data
        for cut in [1, 4, 9, data.count - 70_001] {
            #expect(readRows(Array(data.dropLast(cut))) == nil, "\(cut) bytes short")
        }
        #expect(readRows(data + [0]) == nil, "a byte after the last row")
        #expect(readRows([]) == [])
        #expect(JournalBlock.entrySizes([1, 0, 0]) == nil)
    }
}
