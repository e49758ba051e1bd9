import Crypto
extension SignatureVerifier {
    /// The longest request (its parameters' and signed headers' bytes) whose mistakes the diagnosis
    /// re-signs: each candidate hashes the whole request again, so a megabyte request would hold its
    /// event loop for dozens of megabytes of digests. A larger one is named `unknown`, saying why.
    public static let longestDiagnosedBytes = 64 << 10

    /// Explains a mismatch: re-signs the request as a client making each mistake of SIGNING.md
    /// would have (in the table's order), with every secret, and names the first mistake whose
    /// signature equals `received`; `unknown` when none does (`nested-object` when the request has
    /// dictionary values, which no re-signing can be sure to reproduce).
    ///
    /// Only for rejected requests: it computes dozens of digests. The result never contains a
    /// secret, a whole `Authorization` token or a value `SensitiveValues` hides.
    public func diagnose(_ request: SignableRequest, parameters: RequestParameters, canonical: CanonicalRequest,
                         received: String, secrets: [String], scheme: SignatureScheme) -> SignatureDiagnosis {
        let input = SigningInput(request: request, parameters: parameters, signedHeaders: policy.signedHeaders)
        let sensitive = SensitiveValues(parameters: parameters, authorization: input.headers.first(where: \.isAuthorization)?.value)
        var catalog = MistakeCatalog(input: input, scheme: scheme, sensitive: sensitive)
        catalog.unsignedHeaders = request.headers.filter { field in
            !field.name.equalsIgnoringASCIICase(policy.signatureHeader)
                && !policy.signedHeaders.contains { $0.equalsIgnoringASCIICase(field.name) }
        }
        let size = canonical.pieces.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count }
        let (cause, detail, mistake) = size > Self.longestDiagnosedBytes
            ? (.unknown, "the request is too large to re-sign as each client mistake (\(size) bytes of parameters and signed "
                + "headers; the diagnosis tries at most \(Self.longestDiagnosedBytes)): compare the canonical string with "
                + "the one the client signed, or reproduce the mismatch with a smaller request.", nil)
            : likelyCause(catalog, received: received, secrets: secrets)
        let clientCanonical = mistake.map {
            $0.canonical.displayString(scheme: $0.scheme, hiding: sensitive, beside: canonical).redacting(secrets)
        }
        let expected = secrets.first.map { canonical.signature(secret: $0, scheme: scheme) }
        return SignatureDiagnosis(canonical: canonical.displayString(scheme: scheme, hiding: sensitive).redacting(secrets),
                                  keys: canonical.keys.map { $0.redacting(secrets) },
                                  received: received.redacting(secrets),
                                  likelyCause: cause,
                                  detail: detail.redacting(secrets),
                                  clientCanonical: clientCanonical,
                                  expected: expected)
    }

    /// The first mistake whose signature equals `received`: its cause, its sentence and the mistake
    /// itself (nil when none matches).
    private func likelyCause(_ catalog: MistakeCatalog, received: String, secrets: [String]) -> (LikelyCause, String, ClientMistake?) {
        let scheme = catalog.scheme
        guard Self.isWellFormed(received, scheme: scheme) else {
            return (.unknown, "X-SIGNATURE must be the \(scheme.rawValue) digest as \(scheme.digestLength * 2) hex digits; "
                + "the one received (\(received.count) characters) is not.", nil)
        }
        let signature = received.trimmingOptionalWhitespace
        for cause in LikelyCause.allCases {
            for mistake in catalog.mistakes(for: cause) {
                let matches = secrets.contains { secret in
                    mistake.scheme.digest(mistake.canonical, secret: secret, md5: md5).matches(hex: signature)
                }
                if matches { return (cause, mistake.detail, mistake) }
            }
        }
        if !catalog.nestedMembers.isEmpty { return (.nestedObject, catalog.nestedObjectDetail(matched: false), nil) }
        return (.unknown, "no known client mistake reproduces this signature: check that the client signs with this "
            + "app's current secret (X-APP-KEY selects the app) and that nothing changes the request after it is "
            + "signed (a retry or redirect, a proxy, or a header or parameter added later).", nil)
    }
}
