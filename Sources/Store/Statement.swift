import CSQLite
import Glibc

/// One prepared SQLite statement. Owns its `sqlite3_stmt` and finalizes it in `deinit`.
///
/// Used through `Database.cachedStatement(_:)`, so each SQL text is prepared once per
/// connection. A statement is used by one call at a time: `Database` binds, steps
/// and resets it before returning, so no statement keeps a read snapshot open.
final class Statement {
    /// The SQL text, kept for error messages (with placeholders, never values).
    let sql: String
    private let handle: OpaquePointer

    private init(handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
    }

    /// Prepares `sql`, which must hold exactly one statement.
    convenience init(connection: OpaquePointer, sql: String) throws(StoreError) {
        var prepared: OpaquePointer?
        var code: Int32 = SQLITE_OK
        let remainder = sql.withCString { text in
            var tail: UnsafePointer<CChar>?
            code = sqlite3_prepare_v3(connection, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, &tail)
            return tail.map { Self.text(from: $0, to: nil) } ?? ""
        }
        guard code == SQLITE_OK, let prepared else {
            sqlite3_finalize(prepared)
            throw StoreError.sqlite(
                code: SQLiteResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
        }
        guard remainder.isEmpty else {
            sqlite3_finalize(prepared)
            throw StoreError.sqlite(code: .misuse, message: "more than one statement", sql: sql)
        }
        self.init(handle: prepared, sql: sql)
    }

    /// Prepares the first statement of the script text at `script` and points `tail`
    /// at the text after it. Returns nil when that part holds only comments or white space.
    static func prepareFirst(
        of script: UnsafePointer<CChar>, connection: OpaquePointer, tail: inout UnsafePointer<CChar>?
    ) throws(StoreError) -> Statement? {
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, script, -1, &prepared, &tail)
        let sql = text(from: script, to: tail)
        guard code == SQLITE_OK else {
            sqlite3_finalize(prepared)
            throw StoreError.sqlite(
                code: SQLiteResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(connection)), sql: sql)
        }
        return prepared.map { Statement(handle: $0, sql: sql) }
    }

    /// The text between `start` and `end` (or the terminating NUL), without surrounding white space.
    private static func text(from start: UnsafePointer<CChar>, to end: UnsafePointer<CChar>?) -> String {
        let count = end.map { $0 - start } ?? Int(strlen(start))
        let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(text[first...last])
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Replaces all bindings with `values`, bound to parameters 1...n in order, and runs `body` while
    /// they hold. A blob is bound where it lies (`SQLITE_STATIC`), for the length of `body`, instead
    /// of copied into SQLite's memory (a journal block is one per transaction, kilobytes long); the
    /// bindings are then cleared, so that none outlives the memory it names.
    func withBindings<Value>(_ values: [DatabaseValue], _ body: () throws(StoreError) -> Value) throws(StoreError) -> Value {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard values.count == expected else {
            throw StoreError.sqlite(
                code: .range, message: "\(values.count) values bound to \(expected) parameters", sql: sql)
        }
        var firstBlob: Int?
        for (offset, value) in values.enumerated() {
            if case .blob(let bytes) = value, !bytes.isEmpty {
                firstBlob = firstBlob ?? offset
            } else {
                try bind(value, at: Int32(offset + 1))
            }
        }
        guard let firstBlob else { return try body() }
        defer { sqlite3_clear_bindings(handle) }
        return try bindBlobs(of: values, from: firstBlob, body)
    }

    /// Binds the non-empty blobs of `values` from index `start` on where they lie, each inside the
    /// scope that keeps its memory valid, then runs `body` inside the innermost.
    private func bindBlobs<Value>(of values: [DatabaseValue], from start: Int,
                                  _ body: () throws(StoreError) -> Value) throws(StoreError) -> Value {
        for index in start..<values.count {
            guard case .blob(let bytes) = values[index], !bytes.isEmpty else { continue }
            // `withUnsafeBytes` rethrows untyped errors: the outcome comes out as a `Result`.
            let outcome = bytes.withUnsafeBytes { buffer -> Result<Value, StoreError> in
                do throws(StoreError) {
                    // A nil destructor is SQLITE_STATIC: SQLite reads the memory in place until the binding changes.
                    try check(sqlite3_bind_blob64(handle, Int32(index + 1), buffer.baseAddress, UInt64(buffer.count), nil))
                    return .success(try bindBlobs(of: values, from: index + 1, body))
                } catch {
                    return .failure(error)
                }
            }
            return try outcome.get()
        }
        return try body()
    }

    /// Binds `value` to parameter `index` (the first is 1), replacing what was bound there. Only an
    /// empty blob comes here: `bindBlobs` binds the others where they lie.
    private func bind(_ value: DatabaseValue, at index: Int32) throws(StoreError) {
        let code: Int32
        switch value {
        case .null:
            code = sqlite3_bind_null(handle, index)
        case .integer(let integer):
            code = sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            code = sqlite3_bind_double(handle, index, real)
        case .text(var text):
            code = text.withUTF8 { bindText($0, at: index) }
        case .blob:
            code = sqlite3_bind_zeroblob(handle, index, 0)
        }
        try check(code)
    }

    /// Binds the UTF-8 text `utf8`, copied, with an explicit byte count: embedded NULs survive,
    /// and an empty text stays '' (a nil address would bind NULL).
    private func bindText(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int32) -> Int32 {
        guard let bytes = utf8.baseAddress, !utf8.isEmpty else {
            return sqlite3_bind_text64(handle, index, "", 0, cs_sqlite_transient(), UInt8(SQLITE_UTF8))
        }
        return bytes.withMemoryRebound(to: CChar.self, capacity: utf8.count) { text in
            sqlite3_bind_text64(handle, index, text, UInt64(utf8.count), cs_sqlite_transient(), UInt8(SQLITE_UTF8))
        }
    }

    /// Advances to the next row: true when a row is available, false when done.
    func step() throws(StoreError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW:
            return true
        case SQLITE_DONE:
            return false
        default:
            throw error(code)
        }
    }

    /// Rewinds the statement and releases its read snapshot; bindings are kept until the next `withBindings`.
    func reset() {
        // sqlite3_reset repeats the error of the last step, which `step` already threw.
        _ = sqlite3_reset(handle)
    }

    /// Whether column `index` of the current row is NULL.
    func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// Column `index` as an integer; throws when it is NULL.
    func integer(at index: Int32) throws(StoreError) -> Int64 {
        try requireValue(at: index)
        return sqlite3_column_int64(handle, index)
    }

    /// Column `index` as an integer, or nil when NULL.
    func optionalInteger(at index: Int32) -> Int64? {
        isNull(at: index) ? nil : sqlite3_column_int64(handle, index)
    }

    /// Column `index` as a double; throws when it is NULL.
    func real(at index: Int32) throws(StoreError) -> Double {
        try requireValue(at: index)
        return sqlite3_column_double(handle, index)
    }

    /// Column `index` as text; throws when it is NULL.
    func text(at index: Int32) throws(StoreError) -> String {
        try requireValue(at: index)
        return columnText(at: index)
    }

    /// Column `index` as text, or nil when NULL.
    func optionalText(at index: Int32) -> String? {
        isNull(at: index) ? nil : columnText(at: index)
    }

    /// Column `index` as bytes (a blob, or the bytes of a text); throws when it is NULL.
    func blob(at index: Int32) throws(StoreError) -> [UInt8] {
        try requireValue(at: index)
        // sqlite3_column_blob before sqlite3_column_bytes, as for text.
        guard let bytes = sqlite3_column_blob(handle, index) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, index))))
    }

    private func columnText(at index: Int32) -> String {
        // sqlite3_column_text before sqlite3_column_bytes: the byte count is of the UTF-8 form.
        guard let bytes = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    private func requireValue(at index: Int32) throws(StoreError) {
        guard !isNull(at: index) else {
            let name = sqlite3_column_name(handle, index).map { String(cString: $0) } ?? "#\(index)"
            throw StoreError.unexpectedNull(column: name, sql: sql)
        }
    }

    private func check(_ code: Int32) throws(StoreError) {
        guard code == SQLITE_OK else { throw error(code) }
    }

    private func error(_ code: Int32) -> StoreError {
        let message = sqlite3_db_handle(handle).map { String(cString: sqlite3_errmsg($0)) } ?? ""
        return StoreError.sqlite(code: SQLiteResultCode(rawValue: code), message: message, sql: sql)
    }
}
