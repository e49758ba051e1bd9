import Foundation
@testable import Store

/// Damages a database on purpose: the `games` table's root page is overwritten with garbage, so the
/// file still opens and most queries work, but `PRAGMA quick_check` finds the broken b-tree.
enum DamagedDatabase {
    static func overwriteGamesTable(of path: String) throws {
        let store = try Store(path: path)
        let root = try store.database.fetchOne("SELECT rootpage FROM sqlite_master WHERE name = 'games'") { row throws(StoreError) in
            try row.integer(at: 0)
        } ?? 0
        let pageSize = try store.database.fetchOne("PRAGMA page_size") { row throws(StoreError) in try row.integer(at: 0) } ?? 0
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? file.close() }
        try file.seek(toOffset: UInt64((root - 1) * pageSize))
        try file.write(contentsOf: Data(repeating: 0x5A, count: Int(pageSize)))
        try file.synchronize()
    }
}
