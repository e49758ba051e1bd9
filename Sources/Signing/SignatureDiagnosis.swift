import JSON

/// Why a signature did not match, in terms a client developer can act on. It never contains a
/// secret, a whole token or a value `SensitiveValues` hides (shown as `***`).
///
/// A class: the error, outcome and journal record of every request carry an optional diagnosis,
/// and a reference keeps them small where a diagnosis, rare, would otherwise be copied as 96 bytes.
public final class SignatureDiagnosis: Sendable, Equatable {
    /// The canonical string the server built, secret as `<secret>`, tokens shortened, sensitive
    /// values as `***`.
    public let canonical: String
    /// The keys in the order they were concatenated.
    public let keys: [String]
    /// The signature as the client sent it.
    public let received: String
    /// The mistake whose signature matches, or `unknown`.
    public let likelyCause: LikelyCause
    /// One or two English sentences: what was found and what to change.
    public let detail: String
    /// The canonical string the client most likely signed (the likely cause's), shown as
    /// `canonical` is; nil when the cause is `unknown` or `nested-object`.
    public let clientCanonical: String?
    /// The signature the server expected, with the app's current secret (uppercase hex).
    public let expected: String?

    /// A diagnosis with these parts.
    public init(canonical: String, keys: [String], received: String, likelyCause: LikelyCause, detail: String,
                clientCanonical: String? = nil, expected: String? = nil) {
        self.canonical = canonical
        self.keys = keys
        self.received = received
        self.likelyCause = likelyCause
        self.detail = detail
        self.clientCanonical = clientCanonical
        self.expected = expected
    }

    public static func == (lhs: SignatureDiagnosis, rhs: SignatureDiagnosis) -> Bool {
        lhs.canonical == rhs.canonical && lhs.keys == rhs.keys && lhs.received == rhs.received && lhs.likelyCause == rhs.likelyCause
            && lhs.detail == rhs.detail && lhs.clientCanonical == rhs.clientCanonical && lhs.expected == rhs.expected
    }

    /// `{"canonical", "keys", "received", "likely_cause", "detail"}`, as API.md shows it.
    public var json: JSONValue {
        [
            "canonical": .string(canonical),
            "keys": .array(keys.map(JSONValue.string)),
            "received": .string(received),
            "likely_cause": .string(likelyCause.rawValue),
            "detail": .string(detail),
        ]
    }

    /// `json` with `client_canonical` and `expected` (null when unknown): what the journal keeps,
    /// so that the admin console can put the two strings side by side.
    public var journalJSON: JSONValue {
        guard case .object(var object) = json else { return json }
        object["client_canonical"] = clientCanonical.map(JSONValue.string) ?? .null
        object["expected"] = expected.map(JSONValue.string) ?? .null
        return .object(object)
    }
}
