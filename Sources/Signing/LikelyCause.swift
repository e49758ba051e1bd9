/// The client mistake that explains a signature mismatch (SIGNING.md's table; the names are fixed).
public enum LikelyCause: String, Sendable, CaseIterable {
    /// The client signed `true`/`false`; the URL encoding sent `1`/`0`.
    case boolEncodedAsNumber = "bool-encoded-as-number"
    /// The client added the `Authorization` header after signing.
    case authorizationNotSigned = "authorization-not-signed"
    /// The client left another configured signed header (named in the detail) out of its dictionary.
    case headerNotSigned = "header-not-signed"
    /// The client signed a header under another spelling or case (`x-api-version`).
    case headerNameSpelling = "header-name-spelling"
    /// The client signed a header the server does not sign (named in the detail): it is not in the
    /// configured signed set.
    case headerOutsideSignedSet = "header-outside-signed-set"
    /// The client signed values percent-encoded instead of decoded.
    case percentEncodedValues = "percent-encoded-values"
    /// The client meant `+` literally, or signed a space where `+` was sent.
    case plusAsSpace = "plus-as-space"
    /// The client signed a double as `1.0` while `1` was sent, or the reverse.
    case doubleFormatting = "double-formatting"
    /// The client sent query parameters (on a POST, typically) that it did not sign.
    case queryNotSigned = "query-not-signed"
    /// The client used the TOP style `secret + ... + secret`.
    case secretPrepended = "secret-prepended"
    /// The client sorted its keys case-insensitively.
    case lowercaseKeysSort = "lowercase-keys-sort"
    /// The client signed a dictionary value (sent as `key[sub]=value`), whose key order is random.
    case nestedObject = "nested-object"
    /// The client rendered a value as Java/Kotlin `toString` does (`1.0E16`, `[a, b c]`, `{a=1}`).
    case jvmRendering = "jvm-rendering"
    /// The client rendered a value as Objective-C `%@` does (an NSArray as `(\n    a,\n    b\n)`, a
    /// boolean NSNumber as `1`).
    case objcRendering = "objc-rendering"
    /// No known mistake reproduces the signature: most likely another secret, or an alteration after signing.
    case unknown
}
