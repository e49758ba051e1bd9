import Glibc
import Testing
@testable import Store

/// A partly damaged database is refused by `checkIntegrity` (`PRAGMA quick_check`) with what to do next,
/// and a file that is not a database says so once.
@Suite("Integrity: damaged and foreign files")
struct IntegrityTests {
    @Test func anIntactDatabasePasses() throws {
        try withSeededStore { _, store throws in
            try store.checkIntegrity()
        }
    }

    @Test func aDamagedTableIsFoundWithAdvice() throws {
        let folder = try TestFiles.makeTemporaryFolder()
        defer { try? TestFiles.removeFolder(folder) }
        let path = folder + "/damaged.sqlite"
        try Store.create(at: path, seedSQL: try Seed.sql())
        let (rootPage, pageSize) = try {
            let store = try Store(path: path)
            let root = try store.database.fetchOne("SELECT rootpage FROM sqlite_master WHERE name = 'games'") { row throws(StoreError) in
                try row.integer(at: 0)
            }
            let size = try store.database.fetchOne("PRAGMA page_size") { row throws(StoreError) in try row.integer(at: 0) }
            return (Int(root ?? 0), Int(size ?? 0))
        }()
        #expect(rootPage > 1 && pageSize > 0)
        // Overwrite the games table's root page: the file still opens, the b-tree is garbage.
        let descriptor = open(path, O_WRONLY)
        #expect(descriptor >= 0)
        let garbage = [UInt8](repeating: 0x5A, count: pageSize)
        #expect(pwrite(descriptor, garbage, pageSize, off_t((rootPage - 1) * pageSize)) == pageSize)
        close(descriptor)

        let store = try Store(path: path)
        #expect {
            try store.checkIntegrity()
        } throws: { error in
            guard case StoreError.damaged(path, let findings) = error else { return false }
            let message = "\(error)"
            return !findings.isEmpty && findings.count <= 3 && message.contains("restore a copy")
                && message.contains("countersign db migrate")
        }
    }

    @Test func aTextFileIsRefusedWithOneMessage() throws {
        let folder = try TestFiles.makeTemporaryFolder()
        defer { try? TestFiles.removeFolder(folder) }
        let path = folder + "/notes.txt"
        try TestFiles.write(Array(String(repeating: "not a database\n", count: 100).utf8), to: path)
        #expect {
            _ = try Store(path: path)
        } throws: { error in
            let message = "\(error)"
            return message.ranges(of: "not a database").count == 1
                && message.contains("not a SQLite database: stop the server, then restore a copy")
        }
    }

    @Test(arguments: [(SQLiteResultCode.full, "free some space"), (.busy, "holds the write lock"), (.readOnly, "writable by this user"),
                      (.ioError, "check the disk"), (.corrupt, "restore a copy")])
    func databaseErrorsSayWhatToDoNext(code: SQLiteResultCode, advice: String) {
        let error = StoreError.sqlite(code: code, message: "sqlite says", sql: nil)
        #expect(error.description.contains(advice), "\(error)")
    }
}
