import Testing
@testable import Store

@Suite("Database: the SQLite layer")
struct DatabaseTests {
    @Test func cachedStatementIsPreparedOnceAndReused() throws {
        try withEmptyStore { _, store throws in
            let sql = "SELECT count(*) FROM games WHERE id > ?"
            let first = try store.database.cachedStatement(sql)
            let second = try store.database.cachedStatement(sql)
            #expect(first === second)
            #expect(try store.database.cachedStatement("SELECT count(*) FROM apps") !== first)
            // The reused statement was reset and rebound: each call sees its own argument.
            try store.database.execute(
                "INSERT INTO games VALUES (1, 'A', 'G', 'u', 1.0, 0), (2, 'B', 'G', 'u', 2.0, 0)")
            let countAbove: (Int64) throws -> Int64? = { minimum in
                try store.database.fetchOne(sql, [.integer(minimum)]) { row throws(StoreError) in
                    try row.integer(at: 0)
                }
            }
            #expect(try countAbove(0) == 2)
            #expect(try countAbove(1) == 1)
        }
    }

    @Test func prepareErrorCarriesTheSQL() throws {
        try withEmptyStore { _, store throws in
            let sql = "SELEC id FROM users"
            #expect {
                try store.database.cachedStatement(sql)
            } throws: { error in
                guard case StoreError.sqlite(let code, let message, sql?) = error else { return false }
                return code == .error && message.contains("syntax error") && "\(error)".contains(sql)
            }
        }
    }

    @Test func aCachedStatementHoldsOneStatementOnly() throws {
        try withEmptyStore { _, store throws in
            let sql = "DELETE FROM games; DELETE FROM apps"
            #expect(throws: StoreError.sqlite(code: .misuse, message: "more than one statement", sql: sql)) {
                try store.database.cachedStatement(sql)
            }
        }
    }

    @Test func scriptErrorNamesTheFailingStatementAndSeedRollsBack() throws {
        try withEmptyStore { _, store throws in
            let script = """
                INSERT INTO games VALUES (1, 'A', 'G', 'u', 1.0, 0);
                INSERT INTO no_such_table VALUES (1);
                INSERT INTO games VALUES (2, 'B', 'G', 'u', 1.0, 0);
                """
            #expect {
                try store.seed(sql: script)
            } throws: { error in
                guard case StoreError.sqlite(_, let message, let sql?) = error else { return false }
                return message.contains("no such table") && sql.contains("no_such_table") && !sql.contains("games")
            }
            #expect(try store.gamePage(page: 1, size: 10).total == 0)
        }
    }

    @Test func theCacheMatchesTextsNotStorage() throws {
        try withEmptyStore { _, store throws in
            let literal = "SELECT count(*) FROM games WHERE id > ?1 AND id < 1000000"
            let built = ["SELECT count(*) FROM games", "WHERE id > ?1 AND id < 1000000"].joined(separator: " ")
            #expect(try store.database.cachedStatement(built) === store.database.cachedStatement(literal))
            // The same last 32 bytes and length, another text: another statement.
            let twin = "SELECT count(*) FROM users WHERE id > ?1 AND id < 1000000"
            #expect(twin.utf8.count == literal.utf8.count)
            #expect(try store.database.cachedStatement(twin).sql == twin)
            #expect(try store.database.cachedStatement(literal).sql == literal)
        }
    }

    @Test func boundValuesRoundTrip() throws {
        try withEmptyStore { _, store throws in
            let values: [DatabaseValue] = [
                .null, .integer(Int64.min), .integer(Int64.max), .real(-2.5), .text(""), .text("a\u{0}b"),
                .text("汉字 ✓"), .blob([]), .blob([0, 1, 255]),
            ]
            let sql = "SELECT typeof(?1), hex(?1), length(CAST(?1 AS BLOB))"
            let described = try values.map { value in
                try store.database.fetchOne(sql, [value]) { row throws(StoreError) in
                    [try row.text(at: 0), try row.text(at: 1), row.optionalText(at: 2) ?? "NULL"]
                }
            }
            #expect(described == [
                ["null", "", "NULL"],
                ["integer", "2D39323233333732303336383534373735383038", "20"],
                ["integer", "39323233333732303336383534373735383037", "19"],
                ["real", "2D322E35", "4"],
                ["text", "", "0"],
                ["text", "610062", "3"],
                ["text", "E6B189E5AD9720E29C93", "10"],
                ["blob", "", "0"],
                ["blob", "0001FF", "3"],
            ])
        }
    }

    @Test func textWithAnEmbeddedNulReadsBackWhole() throws {
        try withEmptyStore { _, store throws in
            let text = try store.database.fetchOne("SELECT ?", [.text("a\u{0}b")]) { row throws(StoreError) in
                try row.text(at: 0)
            }
            #expect(text == "a\u{0}b")
        }
    }

    @Test func wrongNumberOfArgumentsIsAnError() throws {
        try withEmptyStore { _, store throws in
            #expect {
                try store.database.execute("SELECT ?, ?", [.integer(1)])
            } throws: { error in
                (error as? StoreError)?.code == .range
            }
        }
    }

    @Test func readingNullFromARequiredColumnNamesTheColumn() throws {
        try withEmptyStore { _, store throws in
            let sql = "SELECT NULL AS nickname"
            #expect(throws: StoreError.unexpectedNull(column: "nickname", sql: sql)) {
                try store.database.fetchOne(sql) { row throws(StoreError) in try row.text(at: 0) }
            }
        }
    }

    @Test func transactionRollsBackWhenTheBodyThrows() throws {
        try withEmptyStore { _, store throws in
            #expect(throws: StoreError.alreadyCheckedIn) {
                try store.database.transaction { () throws(StoreError) in
                    try store.database.execute("INSERT INTO games VALUES (1, 'A', 'G', 'u', 1.0, 0)")
                    throw StoreError.alreadyCheckedIn
                }
            }
            #expect(store.database.isAutocommit)
            #expect(try store.gamePage(page: 1, size: 10).total == 0)
        }
    }

    @Test func connectionIsConfiguredForDurabilityAndIntegrity() throws {
        try withEmptyStore { _, store throws in
            let pragma: (String) throws -> String? = { name in
                try store.database.fetchOne("PRAGMA \(name)") { row throws(StoreError) in try row.text(at: 0) }
            }
            #expect(try pragma("journal_mode") == "wal")
            #expect(try pragma("synchronous") == "2")  // FULL
            #expect(try pragma("foreign_keys") == "1")
            #expect(try pragma("busy_timeout") == "5000")
        }
    }

    @Test func connectionsTakeNoLocksOnTheirOneThread() throws {
        try withEmptyStore { _, store throws in
            #expect(!store.database.locksEveryCall, "opened without SQLITE_OPEN_NOMUTEX")
            #expect(Database.countedMemory == 0, "SQLite's memory statistics (one global mutex per allocation) are on")
        }
    }

    @Test func resultCodesMatchInASwitch() {
        let code = SQLiteResultCode(rawValue: 2067)  // SQLITE_CONSTRAINT_UNIQUE in sqlite3.h
        let matched: String
        switch code {
        case .constraintPrimaryKey: matched = "primary key"
        case .constraintUnique: matched = "unique"
        default: matched = "other"
        }
        #expect(matched == "unique")
        #expect(code.primary == .constraint)
        #expect(code.primary.rawValue == 19)
    }

    @Test func openingInAMissingFolderFailsWithThePath() throws {
        try withTemporaryFolder { folder in
            let path = "\(folder)/missing/countersign.sqlite"
            #expect {
                try Store(path: path)
            } throws: { error in
                guard case StoreError.cannotOpen(path, let code, _) = error else { return false }
                return code == .cannotOpen
            }
        }
    }
}
