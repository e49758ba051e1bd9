/// Why a parameter was rejected (10005); each catalog words it in its language.
public enum ParameterRule: Sendable, Equatable {
    /// The parameter is required and missing or empty.
    case required
    /// Not 11 digits starting with 1.
    case phoneFormat
    /// Shorter or longer than allowed (in characters).
    case length(min: Int, max: Int)
    /// Not a whole number in the range.
    case integerRange(min: Int, max: Int)
    /// Not an http or https URL.
    case url
    /// Sent both in the query and in the body, or twice.
    case duplicated
    /// A JSON object or null, which a client cannot sign reliably.
    case unsignable
    /// A type other than the expected text or number.
    case wrongType
    /// Breaks a rule of an imported OpenAPI document's schema, worded as the document's rule
    /// (`must be one of available, pending, sold (enum)`), in English in every catalog.
    case schema(String)
}
