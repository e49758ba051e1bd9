import Signing

/// An app that signs requests: its key, the secrets that verify (current first), and its scheme.
public struct SigningApp: Sendable {
    /// The `X-APP-KEY` value selecting it.
    public let appKey: String
    /// One secret, or two while one is being rotated.
    public let secrets: [String]
    /// How its requests are signed.
    public let scheme: SignatureScheme
}
