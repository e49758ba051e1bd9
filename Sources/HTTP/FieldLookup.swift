/// A field name prepared for lookups in `HTTPHeaders`: the name with its `FieldNameKey`, computed once.
/// The names the parsers look up in every message are constants here, and callers that look the
/// same names up in every request keep their own, so that no key is recomputed per message.
public struct FieldLookup: Sendable {
    /// The name as given.
    public let name: String
    /// The key of `name`.
    let key: FieldNameKey

    /// Prepares `name` for lookups.
    public init(_ name: String) {
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
