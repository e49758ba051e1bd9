import Signing
import Testing

/// Signers ported to other platforms (Android in Java or Kotlin, iOS in Objective-C), the values
/// Swift cannot sign for sure (dictionaries), and arrays whose element type the wire does not carry:
/// each request is put on the wire as the client's HTTP library does, signed as the port prints it.
@Suite struct PortedSignerTests {
    let server = TestServer()

    /// Receives `request`, expects a rejection and returns its diagnosis.
    private func diagnosis(of request: SignableRequest) throws -> SignatureDiagnosis {
        let outcome = try server.receive(request)
        #expect(outcome.verdict == .invalid)
        return try #require(outcome.diagnosis)
    }

    /// A JSON body request signed with `signing` (without the secret).
    private func json(_ body: String, signing: String) -> SignableRequest {
        let client = SwiftClient()
        var request = client.wire(method: "POST", url: "/api/v1/orders", encoding: .json, signature: client.md5Signature(of: signing))
        request.body = Array(body.utf8)
        return request
    }

    /// A GET whose query is `query`, signed with `signing` (without the secret).
    private func get(_ query: String, signing: String) -> SignableRequest {
        let client = SwiftClient()
        return client.wire(method: "GET", url: "/api/v1/search?" + query, encoding: .url, signature: client.md5Signature(of: signing))
    }

    // Java/Kotlin: Double.toString, List.toString and Map.toString (Gson writes doubles the same way).
    @Test(arguments: [("1.0E16", "1.0E16"), ("0.0001", "1.0E-4"), ("12345678.5", "1.23456785E7"), ("1e7", "1.0E7"),
                      ("-2.5e-7", "-2.5E-7")])
    func jvmDoubleIsNamed(json number: String, javaPrints: String) throws {
        let diagnosis = try diagnosis(of: json(#"{"amount":\#(number)}"#, signing: "X-API-VERSION1.0amount" + javaPrints))
        #expect(diagnosis.likelyCause == .jvmRendering, "\(diagnosis.detail)")
        #expect(diagnosis.detail.hasPrefix("parameter 'amount' arrived as"))
        #expect(diagnosis.detail.contains("signed as '\(javaPrints)'"))
    }

    @Test func jvmListIsNamed() throws {
        let diagnosis = try diagnosis(of: get("tags%5B%5D=a&tags%5B%5D=b%20c", signing: "X-API-VERSION1.0tags[a, b c]"))
        #expect(diagnosis.likelyCause == .jvmRendering, "\(diagnosis.detail)")
        #expect(diagnosis.detail.contains("signed as '[a, b c]'"))
    }

    @Test func jvmMapIsNamed() throws {
        let diagnosis = try diagnosis(of: get("filter%5Bgenre%5D=RPG&page=1", signing: "X-API-VERSION1.0filter{genre=RPG}page1"))
        #expect(diagnosis.likelyCause == .jvmRendering, "\(diagnosis.detail)")
        #expect(diagnosis.detail.contains("cannot be signed reliably"))
    }

    // Objective-C: %@ of an NSArray and of a boolean NSNumber (AFNetworking sends tags[]= and JSON true).
    @Test func objcArrayIsNamed() throws {
        let diagnosis = try diagnosis(of: get("tags%5B%5D=a&tags%5B%5D=b%20c", signing: "X-API-VERSION1.0tags(\n    a,\n    \"b c\"\n)"))
        #expect(diagnosis.likelyCause == .objcRendering, "\(diagnosis.detail)")
        #expect(diagnosis.detail.contains("%@"))
    }

    @Test func objcBooleanIsNamed() throws {
        let diagnosis = try diagnosis(of: json(#"{"push":true,"sound":false}"#, signing: "X-API-VERSION1.0push1sound0"))
        #expect(diagnosis.likelyCause == .objcRendering, "\(diagnosis.detail)")
        #expect(diagnosis.detail.hasPrefix("parameters 'push' and 'sound' arrived as 'true' and 'false'"))
    }

    // Dictionaries: Alamofire sends filter[genre]=RPG; the client signed Swift's description, in random order.
    @Test func swiftDictionaryIsNamedAsNestedObject() throws {
        var client = SwiftClient()
        client.parameters = ["filter": ["genre": "RPG", "year": 2020, "sort": "new"], "page": 1]
        let request = client.wire(method: "GET", url: "/api/v1/games", encoding: .url, signature: client.md5Signature(of: client.signingString()))
        #expect(request.target.contains("filter%5Bgenre%5D=RPG"))
        let diagnosis = try diagnosis(of: request)
        #expect(diagnosis.likelyCause == .nestedObject, "\(diagnosis.detail)")
        #expect(diagnosis.detail.hasPrefix("parameter 'filter' is a dictionary (sent as filter[genre], filter[sort] and filter[year]): "
            + "the signature matches with it signed as the client printed it, but a dictionary cannot be signed reliably, "
            + "its key order is random on the client."))
    }

    @Test func dictionaryNoSigningReproducesIsStillNamed() throws {
        let diagnosis = try diagnosis(of: get("filter%5Bgenre%5D=RPG", signing: "something else entirely"))
        #expect(diagnosis.likelyCause == .nestedObject)
        #expect(diagnosis.detail.hasPrefix("parameter 'filter' is a dictionary (sent as filter[genre]): a dictionary cannot be signed reliably"))
    }

    // Arrays of decimal numbers: `[1, 2]` (an [Int]) and `["1", "2"]` (a [String]) are the same on the wire.
    @Test func integerArraySignedAsNumbersIsAccepted() throws {
        var client = SwiftClient()
        client.parameters = ["ids": [1, 2], "page": 1]
        let request = client.wire(method: "GET", url: "/api/v1/games", encoding: .url, signature: client.md5Signature(of: client.signingString()))
        #expect(request.target == "/api/v1/games?ids%5B%5D=1&ids%5B%5D=2&page=1")
        #expect(client.signingString() == "X-API-VERSION1.0ids[1, 2]page1")
        let canonicalizer = Canonicalizer(policy: server.policy)
        let parameters = try canonicalizer.parameters(of: request)
        let verifier = SignatureVerifier(policy: server.policy)
        #expect(try server.receive(request).verdict == .invalid)
        #expect(verifier.numericArrayNames(request, parameters: parameters, received: client.md5Signature(of: client.signingString()),
                                           secrets: server.secrets, scheme: server.scheme) == ["ids"])
    }

    @Test func arrayWithATextElementHasNoNumericRendering() throws {
        var client = SwiftClient()
        client.parameters = ["ids": [1, 2]]
        let request = client.wire(method: "GET", url: "/api/v1/games", encoding: .url, signature: client.md5Signature(of: client.signingString()),
                                  sentParameters: ["ids": [1, "2x"]])
        let parameters = try Canonicalizer(policy: server.policy).parameters(of: request)
        #expect(SignatureVerifier(policy: server.policy).numericArrayNames(
            request, parameters: parameters, received: client.md5Signature(of: client.signingString()),
            secrets: server.secrets, scheme: server.scheme) == nil)
    }
}
