/// Why the parameters or signed headers of a request cannot be read or signed.
///
/// Messages name parameters and headers, never their values.
public enum RequestParsingError: Error, Sendable, Equatable {
    /// The query string or the body cannot be decoded: bad form or percent-encoding, invalid UTF-8,
    /// invalid JSON, or a JSON body that is not an object (the backend answers 10006).
    case malformedBody(String)
    /// A signed header (named in its configured spelling) was sent more than once (10006).
    case duplicateSignedHeader(String)
    /// A parameter whose value has no reliable rendering on the client, such as a JSON object
    /// or `null` (10005; the message names the parameter).
    case unsignableValue(name: String, reason: String)
}
