@testable import Store

/// The repository's own `seed.sql`, found from this file's path
/// (`<repo>/Tests/StoreTests/Support/Seed.swift`).
enum Seed {
    static func sql(filePath: String = #filePath) throws -> String {
        guard let testsFolder = filePath.firstRange(of: "/Tests/StoreTests/") else {
            throw SystemCallFailure(call: "locate seed.sql from", path: filePath, errno: 0)
        }
        let path = filePath[..<testsFolder.lowerBound] + "/seed.sql"
        return String(decoding: try TestFiles.read(String(path)), as: UTF8.self)
    }
}

/// Runs `body` with a database created from `seed.sql` in a fresh folder: its path and an open store.
func withSeededStore(_ body: (_ path: String, _ store: Store) throws -> Void) throws {
    try withTemporaryFolder { folder in
        let path = "\(folder)/countersign.sqlite"
        try Store.create(at: path, seedSQL: try Seed.sql())
        try body(path, try Store(path: path))
    }
}

/// Runs `body` with an empty, migrated database in a fresh folder.
func withEmptyStore(_ body: (_ path: String, _ store: Store) throws -> Void) throws {
    try withTemporaryFolder { folder in
        let path = "\(folder)/countersign.sqlite"
        try body(path, try Store(path: path))
    }
}
