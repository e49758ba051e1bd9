/// The schema of the request journal's own database file (not the main one: see `JournalStore`).
enum JournalSchema {
    /// The migrations of the journal file, in order.
    static let migrations = Migrations(all: [v1])

    /// One row per `/api/` request: the entry as JSON text, and copies of the members a filter
    /// reads. Row ids only grow (until the journal is cleared), so "oldest first" is "smallest
    /// id first".
    static let v1 = Migration(id: "journal-v1", sql: """
        CREATE TABLE journal (
            id INTEGER PRIMARY KEY,
            time_ms INTEGER NOT NULL,
            method TEXT NOT NULL,
            path TEXT NOT NULL,
            verdict TEXT NOT NULL,
            entry TEXT NOT NULL
        ) STRICT;
        """)
}
