import Signing

/// The server side of a test: canonicalizes, verifies and, after a mismatch, diagnoses a request.
struct TestServer {
    static let secret = "dev-secret-please-change"
    static let token = "0a8c81db337fdf27f24cdea7fb831e4da4581ab3bd02344734aa53ff3278e0a5"

    var policy = SigningPolicy()
    var secrets = [TestServer.secret]
    var scheme = SignatureScheme.md5

    struct Outcome {
        let verdict: SignatureVerdict
        let canonical: CanonicalRequest
        /// Present when the verdict is `.invalid`.
        let diagnosis: SignatureDiagnosis?
    }

    func receive(_ request: SignableRequest) throws -> Outcome {
        let canonicalizer = Canonicalizer(policy: policy)
        let verifier = SignatureVerifier(policy: policy)
        let parameters = try canonicalizer.parameters(of: request)
        let canonical = try canonicalizer.canonicalize(request, parameters: parameters)
        let received = request.headers.first { $0.name == policy.signatureHeader }?.value
        let verdict = verifier.verify(canonical, received: received, secrets: secrets, scheme: scheme)
        guard verdict == .invalid, let received else { return Outcome(verdict: verdict, canonical: canonical, diagnosis: nil) }
        let diagnosis = verifier.diagnose(request, parameters: parameters, canonical: canonical, received: received,
                                          secrets: secrets, scheme: scheme)
        return Outcome(verdict: verdict, canonical: canonical, diagnosis: diagnosis)
    }
}
