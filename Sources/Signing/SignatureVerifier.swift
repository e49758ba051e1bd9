import Crypto

/// Checks `X-SIGNATURE` against a canonical request and, after a mismatch, explains it.
///
/// A value type with no state: each call makes its own MD5 hasher (one `EVP_MD_CTX`), so one
/// verifier can be shared by every event loop.
public struct SignatureVerifier: Sendable {
    /// The signed headers, which the diagnosis alters one at a time.
    public let policy: SigningPolicy

    /// A verifier for `policy`.
    public init(policy: SigningPolicy) {
        self.policy = policy
    }

    /// Whether `received` (hex, either case, surrounding spaces ignored) is the signature of
    /// `canonical` with one of `secrets` (the current and, while rotating, the previous one).
    ///
    /// Every secret is tried and each digest compared in constant time, so the duration does not
    /// reveal which secret matched nor where a wrong signature differs.
    public func verify(_ canonical: CanonicalRequest, received: String?, secrets: [String],
                       scheme: SignatureScheme) -> SignatureVerdict {
        guard let received, !received.trimmingOptionalWhitespace.isEmpty else { return .missing }
        guard let expected = Self.digest(from: received, scheme: scheme) else { return .invalid }
        let digester = SignatureDigester(scheme: scheme)
        var matches = false
        for secret in secrets {
            matches = ConstantTime.equals(digester.digest(canonical.message, secret: secret), expected) || matches
        }
        return matches ? .valid : .invalid
    }

    /// The digest bytes a received signature stands for, or nil when it is not hex of the scheme's length.
    static func digest(from received: String, scheme: SignatureScheme) -> [UInt8]? {
        guard let bytes = Hex.decode(received.trimmingOptionalWhitespace), bytes.count == scheme.digestLength else {
            return nil
        }
        return bytes
    }
}
