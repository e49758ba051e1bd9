import Crypto

/// Checks `X-SIGNATURE` against a canonical request and, after a mismatch, explains it.
///
/// It keeps one MD5 hasher (one `EVP_MD_CTX`) for all its checks, so that a check allocates no
/// digest context; hence not `Sendable`: make one per thread (the server makes one per event loop).
public struct SignatureVerifier {
    /// The signed headers, which the diagnosis alters one at a time.
    public let policy: SigningPolicy
    /// The hasher of every MD5 digest this verifier computes.
    let md5 = Hasher(algorithm: .md5)

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
        guard let signature = received?.trimmingOptionalWhitespace, !signature.isEmpty else { return .missing }
        var matches = false
        for secret in secrets {
            matches = scheme.digest(canonical, secret: secret, md5: md5).matches(hex: signature) || matches
        }
        return matches ? .valid : .invalid
    }

    /// Whether a received signature is hex of the scheme's digest length.
    static func isWellFormed(_ received: String, scheme: SignatureScheme) -> Bool {
        Hex.decode(received.trimmingOptionalWhitespace)?.count == scheme.digestLength
    }
}
