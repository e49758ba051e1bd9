import Crypto
import Signing
import Testing

/// The schemes, rotation and the signature's form, checked against digests computed here with
/// Crypto over canonical strings written by hand.
@Suite struct SchemeTests {
    let canonicalizer = Canonicalizer(policy: SigningPolicy())
    let verifier = SignatureVerifier(policy: SigningPolicy())
    let request = SignableRequest(method: "GET", target: "/api/v1/games?page=1",
                                  headers: [("X-API-VERSION", "1.0"), ("Accept", "*/*")])
    /// The canonical string of `request`, by hand.
    let pieces = "X-API-VERSION1.0page1"

    private func canonical() throws -> CanonicalRequest {
        try canonicalizer.canonicalize(request, parameters: try canonicalizer.parameters(of: request))
    }

    private func md5(_ text: String) -> String {
        Hex.encode(DigestAlgorithm.md5.hash(Array(text.utf8)), uppercase: true)
    }

    @Test func md5AppendsTheSecret() throws {
        let canonical = try canonical()
        #expect(canonical.string(secret: "s3", scheme: .md5) == pieces + "s3")
        #expect(canonical.signature(secret: "s3", scheme: .md5) == md5(pieces + "s3"))
        #expect(verifier.verify(canonical, received: md5(pieces + "s3"), secrets: ["s3"], scheme: .md5) == .valid)
    }

    @Test func topMD5WrapsTheCanonicalStringInTheSecret() throws {
        let canonical = try canonical()
        let expected = md5("partner-top-secret" + pieces + "partner-top-secret")
        #expect(canonical.string(secret: "partner-top-secret", scheme: .topMD5) == "partner-top-secret" + pieces + "partner-top-secret")
        #expect(canonical.signature(secret: "partner-top-secret", scheme: .topMD5) == expected)
        #expect(canonical.displayString(scheme: .topMD5) == "<secret>" + pieces + "<secret>")
        #expect(verifier.verify(canonical, received: expected, secrets: ["partner-top-secret"], scheme: .topMD5) == .valid)
        #expect(verifier.verify(canonical, received: md5(pieces + "partner-top-secret"), secrets: ["partner-top-secret"],
                                scheme: .topMD5) == .invalid)
    }

    @Test func hmacSHA256KeysTheMACWithTheSecret() throws {
        let canonical = try canonical()
        let mac = HMAC.sha256(key: Array("partner-hmac-secret".utf8), message: Array(pieces.utf8))
        let expected = Hex.encode(mac, uppercase: true)
        #expect(canonical.string(secret: "partner-hmac-secret", scheme: .hmacSHA256) == pieces)
        #expect(canonical.signature(secret: "partner-hmac-secret", scheme: .hmacSHA256) == expected)
        #expect(canonical.displayString(scheme: .hmacSHA256) == pieces)
        #expect(verifier.verify(canonical, received: expected, secrets: ["partner-hmac-secret"], scheme: .hmacSHA256) == .valid)
        #expect(verifier.verify(canonical, received: expected, secrets: ["other"], scheme: .hmacSHA256) == .invalid)
        #expect(verifier.verify(canonical, received: md5(pieces + "partner-hmac-secret"), secrets: ["partner-hmac-secret"],
                                scheme: .hmacSHA256) == .invalid)
    }

    @Test func eitherSecretOfARotationVerifies() throws {
        let canonical = try canonical()
        let byOld = md5(pieces + "rotating-old-secret")
        let byNew = md5(pieces + "rotating-new-secret")
        let rotation = ["rotating-new-secret", "rotating-old-secret"]
        #expect(verifier.verify(canonical, received: byOld, secrets: rotation, scheme: .md5) == .valid)
        #expect(verifier.verify(canonical, received: byNew, secrets: rotation, scheme: .md5) == .valid)
        #expect(verifier.verify(canonical, received: byOld, secrets: ["rotating-new-secret"], scheme: .md5) == .invalid)
        #expect(verifier.verify(canonical, received: byNew, secrets: [], scheme: .md5) == .invalid)
    }

    @Test func hexCaseAndSurroundingSpacesAreIgnored() throws {
        let canonical = try canonical()
        let signature = md5(pieces + "s3")
        #expect(verifier.verify(canonical, received: signature.lowercased(), secrets: ["s3"], scheme: .md5) == .valid)
        let mixed = String(signature.enumerated().map { $0.offset.isMultiple(of: 2) ? Character($0.element.lowercased()) : $0.element })
        #expect(verifier.verify(canonical, received: mixed, secrets: ["s3"], scheme: .md5) == .valid)
        #expect(verifier.verify(canonical, received: " \(signature) ", secrets: ["s3"], scheme: .md5) == .valid)
    }

    @Test func absentAndMalformedSignatures() throws {
        let canonical = try canonical()
        #expect(verifier.verify(canonical, received: nil, secrets: ["s3"], scheme: .md5) == .missing)
        #expect(verifier.verify(canonical, received: "", secrets: ["s3"], scheme: .md5) == .missing)
        #expect(verifier.verify(canonical, received: "  ", secrets: ["s3"], scheme: .md5) == .missing)
        #expect(verifier.verify(canonical, received: "not hex", secrets: ["s3"], scheme: .md5) == .invalid)
        #expect(verifier.verify(canonical, received: String(md5(pieces + "s3").dropLast(2)), secrets: ["s3"], scheme: .md5) == .invalid)
        let diagnosis = verifier.diagnose(request, parameters: try canonicalizer.parameters(of: request), canonical: canonical,
                                          received: "XYZ", secrets: ["s3"], scheme: .md5)
        #expect(diagnosis.likelyCause == .unknown)
        #expect(diagnosis.detail.contains("32 hex digits"))
        #expect(diagnosis.received == "XYZ")
    }
}
