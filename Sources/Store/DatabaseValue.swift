/// A value bound to a statement parameter: one of SQLite's storage classes.
enum DatabaseValue: Equatable, Sendable {
    /// SQL NULL.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// A double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob([UInt8])

    /// `.text`, or `.null` when `text` is nil.
    init(_ text: String?) {
        self = text.map(DatabaseValue.text) ?? .null
    }
}
