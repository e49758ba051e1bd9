/// Everything that can go wrong in the `Store` module.
///
/// Messages carry SQLite's message and the SQL text, never bound values: phone
/// numbers, password hashes and token hashes do not leak into logs.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// SQLite failed; `sql` is the statement text (with `?` placeholders) when one was involved.
    case sqlite(code: SQLiteResultCode, message: String, sql: String?)
    /// The database file could not be opened or configured.
    case cannotOpen(path: String, code: SQLiteResultCode, message: String)
    /// A column the schema declares NOT NULL came back NULL (the file was edited by hand?).
    case unexpectedNull(column: String, sql: String)
    /// A file operation while creating the database failed; `errno` is the C error number.
    case fileOperation(operation: String, path: String, errno: Int32)
    /// `Store.create(at:seedSQL:)` found a file already there and left it untouched.
    case alreadyExists(path: String)
    /// `PRAGMA quick_check` found damage in the file at `path`; `findings` are its first lines.
    case damaged(path: String, findings: [String])
    /// `insertUser` was given a phone number that is already registered (20101).
    case duplicatePhone
    /// `insertCheckin` was given a day the user already checked in on (20105).
    case alreadyCheckedIn

    /// The SQLite result code, when SQLite reported the failure.
    public var code: SQLiteResultCode? {
        switch self {
        case .sqlite(let code, _, _), .cannotOpen(_, let code, _):
            code
        case .damaged:
            .corrupt
        case .unexpectedNull, .fileOperation, .alreadyExists, .duplicatePhone, .alreadyCheckedIn:
            nil
        }
    }

    /// A one-line description for logs.
    public var description: String {
        switch self {
        case .sqlite(let code, let message, let sql):
            "SQLite error \(code): \(message)" + (sql.map { " in `\($0)`" } ?? "") + Self.advice(for: code, path: nil)
        case .cannotOpen(let path, let code, let message):
            "cannot open database \(path): \(message) (SQLite code \(code.rawValue))" + Self.advice(for: code, path: path)
        case .damaged(let path, let findings):
            "the database \(path) is damaged (PRAGMA quick_check: \(findings.joined(separator: "; ")))" + Self.advice(for: .corrupt, path: path)
        case .unexpectedNull(let column, let sql):
            "unexpected NULL in column \(column) of `\(sql)`"
        case .fileOperation(let operation, let path, let errno):
            "\(operation) \(path) failed with errno \(errno)"
        case .alreadyExists(let path):
            "a database already exists at \(path)"
        case .duplicatePhone:
            "phone number already registered"
        case .alreadyCheckedIn:
            "already checked in on that day"
        }
    }

    /// What to do next about a file that is damaged or not a database; empty for other codes.
    private static func advice(for code: SQLiteResultCode, path: String?) -> String {
        let file = path ?? "the database file (--db)"
        return switch code.primary {
        case .corrupt, .notADatabase:
            ". \(file) is damaged or not a SQLite database: stop the server, then restore a copy of it, or move it "
                + "(with its -wal and -shm files) away and run `countersign db migrate` to create a new one from the seed"
        case .readOnly, .cannotOpen:
            ". Check that \(file) and its folder exist and are writable by this user, or pass another --db"
        case .full:
            ". The disk holding \(file) is full: free some space and retry"
        case .ioError:
            ". Reading or writing \(file) failed: check the disk, then restore a copy if the error stays"
        case .busy:
            ". Another process holds the write lock on \(file) for longer than \(Database.busyTimeoutMilliseconds / 1000) s: stop it (a second server, a `countersign db` command) and retry"
        default:
            ""
        }
    }
}
