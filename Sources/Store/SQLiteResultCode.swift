import CSQLite

/// A SQLite result code, primary or extended, usable in `switch`:
///
///     switch error.code {
///     case .constraintUnique: ...
///     case .busy: ...
///     }
///
/// Connections run with extended result codes on, so constraint failures arrive as
/// `.constraintUnique`, `.constraintForeignKey`, ...; `primary` folds them back to
/// `.constraint`.
public struct SQLiteResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The integer value SQLite returned.
    public let rawValue: Int32

    /// Wraps a SQLite result code.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code (the low 8 bits), e.g. `.constraint` for `.constraintUnique`.
    public var primary: SQLiteResultCode {
        SQLiteResultCode(rawValue: rawValue & 0xFF)
    }

    /// SQLite's English description of the code.
    public var description: String {
        String(cString: sqlite3_errstr(rawValue)) + " (\(rawValue))"
    }

    /// Successful result.
    public static let ok = SQLiteResultCode(rawValue: SQLITE_OK)
    /// Generic error (SQL error or missing database).
    public static let error = SQLiteResultCode(rawValue: SQLITE_ERROR)
    /// The database file is locked by another connection (after the busy timeout).
    public static let busy = SQLiteResultCode(rawValue: SQLITE_BUSY)
    /// A table is locked within the same connection.
    public static let locked = SQLiteResultCode(rawValue: SQLITE_LOCKED)
    /// The database is read-only.
    public static let readOnly = SQLiteResultCode(rawValue: SQLITE_READONLY)
    /// A disk I/O error.
    public static let ioError = SQLiteResultCode(rawValue: SQLITE_IOERR)
    /// The database file is malformed.
    public static let corrupt = SQLiteResultCode(rawValue: SQLITE_CORRUPT)
    /// The disk is full.
    public static let full = SQLiteResultCode(rawValue: SQLITE_FULL)
    /// The database file could not be opened.
    public static let cannotOpen = SQLiteResultCode(rawValue: SQLITE_CANTOPEN)
    /// A constraint was violated.
    public static let constraint = SQLiteResultCode(rawValue: SQLITE_CONSTRAINT)
    /// The library was used incorrectly.
    public static let misuse = SQLiteResultCode(rawValue: SQLITE_MISUSE)
    /// A bind index is out of range.
    public static let range = SQLiteResultCode(rawValue: SQLITE_RANGE)
    /// The file is not a database.
    public static let notADatabase = SQLiteResultCode(rawValue: SQLITE_NOTADB)
    /// `sqlite3_step` produced a row.
    public static let row = SQLiteResultCode(rawValue: SQLITE_ROW)
    /// `sqlite3_step` finished.
    public static let done = SQLiteResultCode(rawValue: SQLITE_DONE)

    // Swift cannot import sqlite3.h's extended-code macros (they are expressions);
    // these mirror them: `#define SQLITE_CONSTRAINT_UNIQUE (SQLITE_CONSTRAINT | (8<<8))`.

    /// A CHECK constraint failed.
    public static let constraintCheck = constraintCode(1)
    /// A FOREIGN KEY constraint failed.
    public static let constraintForeignKey = constraintCode(3)
    /// A NOT NULL constraint failed.
    public static let constraintNotNull = constraintCode(5)
    /// A PRIMARY KEY constraint failed.
    public static let constraintPrimaryKey = constraintCode(6)
    /// A UNIQUE constraint failed.
    public static let constraintUnique = constraintCode(8)
    /// A value does not match the declared type of a STRICT table column.
    public static let constraintDataType = constraintCode(12)

    private static func constraintCode(_ extended: Int32) -> SQLiteResultCode {
        SQLiteResultCode(rawValue: SQLITE_CONSTRAINT | (extended << 8))
    }
}
