/// A field name prepared for lookups in `HTTPHeaders`: the name with its `FieldNameKey`, computed once.
/// The names the parsers look up in every message are constants here, so their keys are not
/// recomputed per message.
struct FieldLookup: Sendable {
    /// The name as given.
    let name: String
    /// The key of `name`.
    let key: FieldNameKey

    /// Prepares `name` for lookups.
    init(_ name: String) {
        self.name = name
        key = FieldNameKey(name)
    }

    /// `Host`.
    static let host = FieldLookup("Host")
    /// `Content-Length`.
    static let contentLength = FieldLookup("Content-Length")
    /// `Transfer-Encoding`.
    static let transferEncoding = FieldLookup("Transfer-Encoding")
    /// `Connection`.
    static let connection = FieldLookup("Connection")
    /// `Expect`.
    static let expect = FieldLookup("Expect")
}
