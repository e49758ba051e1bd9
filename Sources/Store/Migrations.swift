import Glibc

/// The ordered list of migrations, and the code that applies the pending ones.
///
/// Applied migrations are recorded in `schema_migrations(id, applied_at)`. Each one
/// runs in its own `BEGIN IMMEDIATE` transaction together with its record, and the
/// "already applied?" check is repeated inside that transaction, so two processes
/// migrating the same file at once apply each migration exactly once. Opening an
/// up-to-date database only reads.
struct Migrations: Sendable {
    /// The migrations, in the order they are applied.
    let all: [Migration]

    /// The migrations of the Countersign schema.
    static let countersign = Migrations(all: [Schema.v1])

    /// Applies, in order, every migration not yet recorded in `database`.
    func apply(to database: Database) throws(StoreError) {
        try database.execute("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                id TEXT PRIMARY KEY NOT NULL,
                applied_at INTEGER NOT NULL
            ) STRICT
            """)
        let applied = try Self.appliedIDs(in: database)
        for migration in all where !applied.contains(migration.id) {
            try database.transaction { () throws(StoreError) in
                // Checked again under the write lock: another process may have applied it meanwhile.
                guard try !Self.appliedIDs(in: database).contains(migration.id) else { return }
                try database.executeScript(migration.sql)
                try migration.finish?(database)
                try database.execute(
                    "INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)",
                    [.text(migration.id), .integer(Int64(time(nil)))])
            }
        }
    }

    private static func appliedIDs(in database: Database) throws(StoreError) -> Set<String> {
        Set(try database.fetchAll("SELECT id FROM schema_migrations") { row throws(StoreError) in try row.text(at: 0) })
    }
}
