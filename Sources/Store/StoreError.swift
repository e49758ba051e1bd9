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
    /// `insertUser` was given a phone number that is already registered (20101).
    case duplicatePhone
    /// `insertCheckin` was given a day the user already checked in on (20105).
    case alreadyCheckedIn

    /// The SQLite result code, when SQLite reported the failure.
    public var code: SQLiteResultCode? {
        switch self {
        case .sqlite(let code, _, _), .cannotOpen(_, let code, _):
            code
        case .unexpectedNull, .fileOperation, .alreadyExists, .duplicatePhone, .alreadyCheckedIn:
            nil
        }
    }

    /// A one-line description for logs.
    public var description: String {
        switch self {
        case .sqlite(let code, let message, let sql):
            "SQLite error \(code): \(message)" + (sql.map { " in `\($0)`" } ?? "")
        case .cannotOpen(let path, let code, let message):
            "cannot open database \(path): \(message) [\(code)]"
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
}
