/// The schema of the request journal's own database file (not the main one: see `JournalStore`).
enum JournalSchema {
    /// The migrations of the journal file, in order.
    static let migrations = Migrations(all: [v1, v2, v3, v4])

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

    /// Each row's size in bytes, before the entry so that trimming by bytes reads no entry text,
    /// and the count of entries dropped since the last clear (the listing shows it).
    static let v2 = Migration(id: "journal-v2-bytes", sql: """
        CREATE TABLE journal_v2 (
            id INTEGER PRIMARY KEY,
            time_ms INTEGER NOT NULL,
            method TEXT NOT NULL,
            path TEXT NOT NULL,
            verdict TEXT NOT NULL,
            bytes INTEGER NOT NULL,
            entry TEXT NOT NULL
        ) STRICT;
        INSERT INTO journal_v2 (id, time_ms, method, path, verdict, bytes, entry)
            SELECT id, time_ms, method, path, verdict, length(CAST(entry AS BLOB)), entry FROM journal;
        DROP TABLE journal;
        ALTER TABLE journal_v2 RENAME TO journal;
        CREATE TABLE journal_dropped (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            count INTEGER NOT NULL
        ) STRICT;
        INSERT INTO journal_dropped (id, count) VALUES (1, 0);
        """)

    /// The entry becomes bytes in a form the writer chooses (a compact one, rendered to JSON
    /// when read); those stored before stay JSON text, kept as they are.
    static let v3 = Migration(id: "journal-v3-blob", sql: """
        CREATE TABLE journal_v3 (
            id INTEGER PRIMARY KEY,
            time_ms INTEGER NOT NULL,
            method TEXT NOT NULL,
            path TEXT NOT NULL,
            verdict TEXT NOT NULL,
            bytes INTEGER NOT NULL,
            entry BLOB NOT NULL
        ) STRICT;
        INSERT INTO journal_v3 (id, time_ms, method, path, verdict, bytes, entry)
            SELECT id, time_ms, method, path, verdict, bytes, CAST(entry AS BLOB) FROM journal;
        DROP TABLE journal;
        ALTER TABLE journal_v3 RENAME TO journal;
        """)

    /// Entries stored in blocks, a row per transaction (`JournalBlock`), instead of a row each, with
    /// the latest arrival time of the block's entries and every older block's (`latest_ms`); the
    /// dropped count joins the oldest block's watermark: `trim_skipped` entries of block `trim_block`
    /// are dropped, and every block before it is gone. The rows stored before become blocks of
    /// `rowsPerConvertedBlock`, in order.
    static let v4 = Migration(id: "journal-v4-blocks", sql: """
        CREATE TABLE journal_block (
            id INTEGER PRIMARY KEY,
            entries INTEGER NOT NULL,
            bytes INTEGER NOT NULL,
            latest_ms INTEGER NOT NULL,
            sizes BLOB NOT NULL,
            data BLOB NOT NULL
        ) STRICT;
        CREATE TABLE journal_state (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            dropped INTEGER NOT NULL,
            trim_block INTEGER NOT NULL,
            trim_skipped INTEGER NOT NULL
        ) STRICT;
        INSERT INTO journal_state (id, dropped, trim_block, trim_skipped) SELECT 1, count, 0, 0 FROM journal_dropped;
        DROP TABLE journal_dropped;
        """, finish: { database throws(StoreError) in
            var lastID: Int64 = 0
            while true {
                let rows = try database.fetchAll(
                    "SELECT id, time_ms, method, path, verdict, entry FROM journal WHERE id > ?1 ORDER BY id LIMIT \(rowsPerConvertedBlock)",
                    [.integer(lastID)]
                ) { row throws(StoreError) in
                    (id: try row.integer(at: 0),
                     row: JournalRow(timeMilliseconds: try row.integer(at: 1), method: try row.text(at: 2), path: try row.text(at: 3),
                                     verdict: try row.text(at: 4), entry: try row.blob(at: 5)[...]))
                }
                guard let last = rows.last else { break }
                try JournalBlock(rows.map(\.row)[...]).insert(into: database)
                lastID = last.id
            }
            try database.execute("DROP TABLE journal")
        })

    /// How many of the rows stored before blocks go in one block.
    static let rowsPerConvertedBlock = 64
}
