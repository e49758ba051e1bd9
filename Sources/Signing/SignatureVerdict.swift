/// The outcome of checking a request's signature.
public enum SignatureVerdict: String, Sendable, Equatable {
    /// The signature matches one of the app's secrets.
    case valid
    /// The request carries no signature.
    case missing
    /// The request carries a signature that matches no secret (or is not hex of the right length).
    case invalid
}
