import Crypto
extension SignatureVerifier {
    /// Explains a mismatch: re-signs the request as a client making each mistake of SIGNING.md
    /// would have (in the table's order), with every secret, and names the first mistake whose
    /// signature equals `received`; `unknown` when none does.
    ///
    /// Only for rejected requests: it computes dozens of digests. The result never contains a
    /// secret or a whole `Authorization` token.
    public func diagnose(_ request: SignableRequest, parameters: RequestParameters, canonical: CanonicalRequest,
                         received: String, secrets: [String], scheme: SignatureScheme) -> SignatureDiagnosis {
        let (cause, detail) = likelyCause(request, parameters: parameters, received: received, secrets: secrets, scheme: scheme)
        return SignatureDiagnosis(canonical: canonical.displayString(scheme: scheme).redacting(secrets),
                                  keys: canonical.keys.map { $0.redacting(secrets) },
                                  received: received.redacting(secrets),
                                  likelyCause: cause,
                                  detail: detail.redacting(secrets))
    }

    private func likelyCause(_ request: SignableRequest, parameters: RequestParameters, received: String,
                             secrets: [String], scheme: SignatureScheme) -> (LikelyCause, String) {
        guard Self.isWellFormed(received, scheme: scheme) else {
            return (.unknown, "X-SIGNATURE must be the \(scheme.rawValue) digest as \(scheme.digestLength * 2) hex digits; "
                + "the one received (\(received.count) characters) is not.")
        }
        let signature = received.trimmingOptionalWhitespace
        let input = SigningInput(request: request, parameters: parameters, signedHeaders: policy.signedHeaders)
        let catalog = MistakeCatalog(input: input, scheme: scheme)
        for cause in LikelyCause.allCases {
            for mistake in catalog.mistakes(for: cause) {
                let matches = secrets.contains { secret in
                    mistake.scheme.digest(mistake.canonical, secret: secret, md5: md5).matches(hex: signature)
                }
                if matches { return (cause, mistake.detail) }
            }
        }
        return (.unknown, "no known client mistake reproduces this signature: check that the client signs with this "
            + "app's current secret (X-APP-KEY selects the app) and that nothing changes the request after it is "
            + "signed (a retry or redirect, a proxy, or a header or parameter added later).")
    }
}
