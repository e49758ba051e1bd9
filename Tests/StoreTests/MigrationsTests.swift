import Testing
@testable import Store

@Suite("Migrations")
struct MigrationsTests {
    private func appliedIDs(_ database: Database) throws -> [String] {
        try database.fetchAll("SELECT id FROM schema_migrations ORDER BY rowid") { row throws(StoreError) in
            try row.text(at: 0)
        }
    }

    private func tableNames(_ database: Database) throws -> Set<String> {
        Set(try database.fetchAll(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        ) { row throws(StoreError) in try row.text(at: 0) })
    }

    @Test func openingRecordsV1Once() throws {
        try withEmptyStore { path, store throws in
            #expect(try appliedIDs(store.database) == ["v1"])
            try store.migrate()
            let reopened = try Store(path: path)
            try reopened.migrate()
            #expect(try appliedIDs(reopened.database) == ["v1"])
        }
    }

    @Test func resetEmptiesEveryDataTable() throws {
        try withEmptyStore { _, store throws in
            // Store.reset deletes from Schema.dataTables: a table missing there would survive a reset.
            let expected = try tableNames(store.database).subtracting(["schema_migrations"])
            #expect(Set(Schema.dataTables) == expected)
            #expect(Schema.dataTables.count == expected.count)
        }
    }

    @Test func pendingMigrationsApplyInOrderAndOnlyOnce() throws {
        try withEmptyStore { _, store throws in
            let migrations = Migrations(all: Migrations.countersign.all + [
                Migration(id: "add-notes", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT) STRICT"),
                Migration(id: "seed-notes", sql: "INSERT INTO notes (body) VALUES ('first')"),
            ])
            try migrations.apply(to: store.database)
            try migrations.apply(to: store.database)
            #expect(try appliedIDs(store.database) == ["v1", "add-notes", "seed-notes"])
            let notes = try store.database.fetchAll("SELECT body FROM notes") { row throws(StoreError) in
                try row.text(at: 0)
            }
            #expect(notes == ["first"])
        }
    }

    @Test func failingMigrationLeavesNoTraceAndIsRetried() throws {
        try withEmptyStore { _, store throws in
            let broken = Migrations(all: Migrations.countersign.all + [
                Migration(id: "v2", sql: "CREATE TABLE half (id INTEGER PRIMARY KEY); CREATE TABLE broken (;"),
            ])
            #expect(throws: StoreError.self) { try broken.apply(to: store.database) }
            #expect(try appliedIDs(store.database) == ["v1"])
            #expect(try !tableNames(store.database).contains("half"))

            let fixed = Migrations(all: Migrations.countersign.all + [
                Migration(id: "v2", sql: "CREATE TABLE half (id INTEGER PRIMARY KEY)"),
            ])
            try fixed.apply(to: store.database)
            #expect(try appliedIDs(store.database) == ["v1", "v2"])
            #expect(try tableNames(store.database).contains("half"))
        }
    }
}
