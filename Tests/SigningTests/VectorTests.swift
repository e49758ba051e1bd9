import Signing
import Testing

@Suite struct VectorTests {
    let policy = SigningPolicy(signedHeaders: TestVectors.fixture?.signedHeaders ?? [])

    @Test func fixtureHoldsAllVectors() throws {
        let fixture = try #require(TestVectors.fixture)
        #expect(fixture.vectors.count == 27)
        #expect(TestVectors.arrayFixture?.vectors.count == 3)
        #expect(fixture.scheme == "md5")
        #expect(fixture.signedHeaders == SigningPolicy().signedHeaders)
        #expect(Set(fixture.vectors.filter(\.expect.valid).map(\.secret)) == [TestVectors.serverSecret])
    }

    @Test(arguments: TestVectors.all.filter(\.expect.valid))
    func validVectorReproducesCanonicalAndSignature(_ vector: TestVectors.Vector) throws {
        let canonicalizer = Canonicalizer(policy: policy)
        let request = vector.request
        let parameters = try canonicalizer.parameters(of: request)
        let canonical = try canonicalizer.canonicalize(request, parameters: parameters)
        let verifier = SignatureVerifier(policy: policy)
        let verdict = verifier.verify(canonical, received: vector.receivedSignature, secrets: [vector.secret], scheme: .md5)

        guard let numericArrays = vector.expect.numericArrays else {
            #expect(canonical.string(secret: vector.secret, scheme: .md5) == vector.expect.canonical)
            #expect(canonical.signature(secret: vector.secret, scheme: .md5) == vector.expect.signature)
            #expect(verdict == .valid)
            #expect(verifier.numericArrayNames(request, parameters: parameters, received: vector.receivedSignature,
                                               secrets: [vector.secret], scheme: .md5) == nil)
            return
        }
        // Signed as numbers: the arrays-of-strings canonical does not match; the numeric rendering does.
        #expect(verdict == .invalid)
        #expect(verifier.numericArrayNames(request, parameters: parameters, received: vector.receivedSignature,
                                           secrets: [vector.secret], scheme: .md5) == numericArrays)
    }

    @Test(arguments: TestVectors.all.filter { !$0.expect.valid })
    func invalidVectorIsRejectedAndDiagnosed(_ vector: TestVectors.Vector) throws {
        let canonicalizer = Canonicalizer(policy: policy)
        let verifier = SignatureVerifier(policy: policy)
        let request = vector.request
        let parameters = try canonicalizer.parameters(of: request)
        let canonical = try canonicalizer.canonicalize(request, parameters: parameters)
        let received = try #require(vector.receivedSignature)

        let secrets = [TestVectors.serverSecret]
        #expect(verifier.verify(canonical, received: received, secrets: secrets, scheme: .md5) == .invalid)
        let diagnosis = verifier.diagnose(request, parameters: parameters, canonical: canonical, received: received,
                                          secrets: secrets, scheme: .md5)
        let expectedCause = try #require(LikelyCause(rawValue: vector.expect.hint ?? "unknown"))
        #expect(diagnosis.likelyCause == expectedCause, "\(diagnosis.detail)")
        #expect(diagnosis.received == received)
        #expect(diagnosis.keys == canonical.keys)
        #expect(diagnosis.canonical == canonical.displayString(scheme: .md5))
    }
}
