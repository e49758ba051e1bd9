import Crypto
import Signing
import Testing

/// Each pitfall of SIGNING.md, made the way a real client makes it, is rejected and diagnosed.
@Suite struct ClientMistakeTests {
    let server = TestServer()

    private var authenticated: SwiftClient {
        var client = SwiftClient()
        client.headers["Authorization"] = "Bearer \(TestServer.token)"
        client.headers["X-DEVICE-ID"] = "3141CBCA-730B-467C-A5A7-49B5F181D866"
        return client
    }

    /// Receives `request`, expects a rejection and returns its diagnosis.
    private func diagnosis(of request: SignableRequest, on server: TestServer? = nil) throws -> SignatureDiagnosis {
        let outcome = try (server ?? self.server).receive(request)
        #expect(outcome.verdict == .invalid)
        return try #require(outcome.diagnosis)
    }

    @Test func boolSentAsNumber() throws {
        var client = authenticated
        client.parameters = ["push": true, "page": 1]
        let request = client.wire(method: "GET", url: "/api/v1/settings", encoding: .url,
                                  signature: client.md5Signature(of: client.signingString()))
        #expect(request.target == "/api/v1/settings?page=1&push=1")
        let diagnosis = try diagnosis(of: request)
        #expect(diagnosis.likelyCause == .boolEncodedAsNumber)
        #expect(diagnosis.detail.hasPrefix("parameter 'push' arrived as '1'; the signature matches if it is signed as 'true'."))
        // The string the client signed, shown as the server's is, and the signature the server expected.
        #expect(diagnosis.canonical.contains("push1"))
        let clientString = try #require(diagnosis.clientCanonical)
        #expect(clientString.contains("pushtrue") && !clientString.contains("push1"))
        #expect(clientString.hasSuffix("<secret>") && !clientString.contains(TestServer.secret))
        let canonical = try server.receive(request).canonical
        #expect(diagnosis.expected == canonical.signature(secret: TestServer.secret, scheme: server.scheme))
        #expect(diagnosis.expected != diagnosis.received)
    }

    @Test func noClientStringWhenNoMistakeMatches() throws {
        var client = authenticated
        client.parameters = ["page": 1]
        let diagnosis = try diagnosis(of: client.wire(method: "GET", url: "/api/v1/settings", encoding: .url,
                                                      signature: String(repeating: "A", count: 32)))
        #expect(diagnosis.likelyCause == .unknown)
        #expect(diagnosis.clientCanonical == nil)
        #expect(diagnosis.journalJSON["client_canonical"] == .null)
        #expect(diagnosis.journalJSON["expected"]?.stringValue == diagnosis.expected)
        #expect(diagnosis.json["expected"] == nil)
    }

    @Test func twoBoolsSentAsNumbers() throws {
        var client = SwiftClient()
        client.parameters = ["push": true, "sound": false, "page": 1]
        let diagnosis = try diagnosis(of: client.wire(method: "GET", url: "/api/v1/settings", encoding: .url,
                                                      signature: client.md5Signature(of: client.signingString())))
        #expect(diagnosis.likelyCause == .boolEncodedAsNumber)
        #expect(diagnosis.detail.hasPrefix("parameters 'push' and 'sound' arrived as '1' and '0'"))
    }

    @Test func authorizationAddedAfterSigning() throws {
        let client = SwiftClient(headers: ["X-API-VERSION": "1.0", "X-DEVICE-ID": "3141CBCA-730B-467C-A5A7-49B5F181D866"])
        let request = client.wire(method: "GET", url: "/api/v1/checkin", encoding: .url,
                                  signature: client.md5Signature(of: client.signingString()),
                                  lateHeaders: [("Authorization", "Bearer \(TestServer.token)")])
        let diagnosis = try diagnosis(of: request)
        #expect(diagnosis.likelyCause == .authorizationNotSigned)
        #expect(diagnosis.detail.contains("Authorization"))
    }

    @Test func deviceIDAddedAfterSigning() throws {
        let client = SwiftClient(headers: ["X-API-VERSION": "1.0", "Authorization": "Bearer \(TestServer.token)"])
        let request = client.wire(method: "GET", url: "/api/v1/checkin", encoding: .url,
                                  signature: client.md5Signature(of: client.signingString()),
                                  lateHeaders: [("X-DEVICE-ID", "3141CBCA-730B-467C-A5A7-49B5F181D866")])
        let diagnosis = try diagnosis(of: request)
        #expect(diagnosis.likelyCause == .headerNotSigned)
        #expect(diagnosis.detail.contains("'X-DEVICE-ID'"))
    }

    @Test func twoOfFourHeadersAddedAfterSigning() throws {
        var server = TestServer()
        server.policy = SigningPolicy(signedHeaders: ["X-API-VERSION", "Authorization", "X-DEVICE-ID", "X-TIMESTAMP", "X-NONCE"])
        var client = authenticated
        client.headers["X-API-VERSION"] = "1.0"
        let request = client.wire(method: "GET", url: "/api/v1/checkin", encoding: .url,
                                  signature: client.md5Signature(of: client.signingString()),
                                  lateHeaders: [("X-TIMESTAMP", "1767225600"), ("X-NONCE", "6f1c2a")])
        let diagnosis = try diagnosis(of: request, on: server)
        #expect(diagnosis.likelyCause == .headerNotSigned)
        #expect(diagnosis.detail.hasPrefix("the signature matches without the 'X-TIMESTAMP' and 'X-NONCE' headers"), "\(diagnosis.detail)")
    }

    @Test func versionHeaderAddedAfterSigning() throws {
        var client = authenticated
        client.headers["X-API-VERSION"] = nil
        client.parameters = ["page": 2]
        let request = client.wire(method: "GET", url: "/api/v1/games", encoding: .url,
                                  signature: client.md5Signature(of: client.signingString()),
                                  lateHeaders: [("X-API-VERSION", "1.0")])
        let diagnosis = try diagnosis(of: request)
        #expect(diagnosis.likelyCause == .headerNotSigned)
        #expect(diagnosis.detail.contains("'X-API-VERSION'"))
    }

    @Test func headerSignedInLowercase() throws {
        let client = SwiftClient(headers: ["x-api-version": "1.0", "Authorization": "Bearer \(TestServer.token)"],
                                 parameters: ["page": 2, "size": 10])
        let diagnosis = try diagnosis(of: client.wire(method: "GET", url: "/api/v1/games", encoding: .url,
                                                      signature: client.md5Signature(of: client.signingString())))
        #expect(diagnosis.likelyCause == .headerNameSpelling)
        #expect(diagnosis.detail.contains("'x-api-version' instead of 'X-API-VERSION'"))
    }

    @Test func headerSignedInTitleCaseAndLowercasedByHTTP2() throws {
        let client = SwiftClient(headers: ["X-Api-Version": "1.0"], parameters: ["q": "x"])
        let request = client.wire(method: "GET", url: "/api/v1/search", encoding: .url,
                                  signature: client.md5Signature(of: client.signingString()),
                                  sentHeaders: [("x-api-version", "1.0")])
        let diagnosis = try diagnosis(of: request)
        #expect(diagnosis.likelyCause == .headerNameSpelling)
        #expect(diagnosis.detail.contains("'X-Api-Version'"))
    }

    @Test func valuesSignedPercentEncoded() throws {
        let client = SwiftClient(parameters: ["nickname": "Li Lei & 韩梅梅", "age": 18])
        let signedParameters = client.parameters.mapValues { value in SwiftClient.escape("\(value)") as Any }
        let request = client.wire(method: "POST", url: "/api/v1/users/profile", encoding: .url,
                                  signature: client.md5Signature(of: client.signingString(parameters: signedParameters)))
        let diagnosis = try diagnosis(of: request)
        #expect(diagnosis.likelyCause == .percentEncodedValues)
        #expect(diagnosis.detail.contains("'nickname'"))
        #expect(diagnosis.clientCanonical?.contains("Li%20Lei%20%26%20") == true)
    }

    /// A value hidden by its value (the same as a password's) stays hidden in the string the
    /// client signed, where the mistake spelled it otherwise.
    @Test func aHiddenValueStaysHiddenInTheClientsString() throws {
        let client = SwiftClient(parameters: ["password": "open sesame&1", "confirm": "open sesame&1", "age": 18])
        let signedParameters = client.parameters.mapValues { value in SwiftClient.escape("\(value)") as Any }
        let request = client.wire(method: "POST", url: "/api/v1/users/register", encoding: .url,
                                  signature: client.md5Signature(of: client.signingString(parameters: signedParameters)))
        let diagnosis = try diagnosis(of: request)
        #expect(diagnosis.likelyCause == .percentEncodedValues)
        let clientString = try #require(diagnosis.clientCanonical)
        #expect(clientString.contains("confirm***") && clientString.contains("password***"))
        #expect(!clientString.contains("sesame"))
        #expect(!diagnosis.canonical.contains("sesame"))
    }

    @Test func plusWrittenIntoAHandBuiltURL() throws {
        let client = SwiftClient(parameters: ["q": "c++"])
        let request = client.wire(method: "GET", url: "/api/v1/search?q=c++", encoding: .url,
                                  signature: client.md5Signature(of: client.signingString()), sentParameters: [:])
        let diagnosis = try diagnosis(of: request)
        #expect(diagnosis.likelyCause == .plusAsSpace)
        #expect(diagnosis.detail.hasPrefix("parameter 'q' arrived as 'c  '; the signature matches if it is signed as 'c++'."))
    }

    @Test func spaceSignedWherePlusWasSent() throws {
        let client = SwiftClient(parameters: ["phone": "+86 138"])
        let request = client.wire(method: "GET", url: "/api/v1/search?phone=%2B86+138", encoding: .url,
                                  signature: client.md5Signature(of: client.signingString(parameters: ["phone": " 86+138"])),
                                  sentParameters: [:])
        #expect(try diagnosis(of: request).likelyCause == .plusAsSpace)
    }

    @Test func wholeDoubleSentAsIntegerInJSON() throws {
        let client = SwiftClient(parameters: ["amount": 2.0, "sku": "A-992"])
        let request = client.wire(method: "POST", url: "/api/v1/orders", encoding: .json,
                                  signature: client.md5Signature(of: client.signingString()))
        #expect(String(decoding: request.body, as: UTF8.self).contains("\"amount\":2,") ||
                String(decoding: request.body, as: UTF8.self).contains("\"amount\":2}"))
        let diagnosis = try diagnosis(of: request)
        #expect(diagnosis.likelyCause == .doubleFormatting)
        #expect(diagnosis.detail.hasPrefix("parameter 'amount' arrived as '2'; the signature matches if it is signed as '2.0'."))
    }

    @Test func wholeDoubleSentAsIntegerInAForm() throws {
        let client = SwiftClient(parameters: ["amount": 10.0, "page": 1])
        let diagnosis = try diagnosis(of: client.wire(method: "POST", url: "/api/v1/orders", encoding: .url,
                                                      signature: client.md5Signature(of: client.signingString())))
        #expect(diagnosis.likelyCause == .doubleFormatting)
        #expect(diagnosis.detail.contains("'amount'"))
    }

    @Test func queryAppendedToAPostURL() throws {
        var client = authenticated
        client.parameters = ["note": "hi"]
        let request = client.wire(method: "POST", url: "/api/v1/checkin?from=ios", encoding: .url,
                                  signature: client.md5Signature(of: client.signingString()))
        let diagnosis = try diagnosis(of: request)
        #expect(diagnosis.likelyCause == .queryNotSigned)
        #expect(diagnosis.detail.contains("'from'"))
    }

    @Test func secretPrependedAsTOPDoes() throws {
        var client = authenticated
        client.parameters = ["page": 1]
        let signing = client.secret + client.signingString() + client.secret
        let signature = Hex.encode(DigestAlgorithm.md5.hash(Array(signing.utf8)), uppercase: true)
        let diagnosis = try diagnosis(of: client.wire(method: "GET", url: "/api/v1/games", encoding: .url, signature: signature))
        #expect(diagnosis.likelyCause == .secretPrepended)
    }

    @Test func keysSortedCaseInsensitively() throws {
        var client = authenticated
        client.parameters = ["page": 3, "size": 5]
        let signing = client.signingString(sortedBy: { $0.lowercased() < $1.lowercased() })
        let diagnosis = try diagnosis(of: client.wire(method: "GET", url: "/api/v1/games", encoding: .url,
                                                      signature: client.md5Signature(of: signing)))
        #expect(diagnosis.likelyCause == .lowercaseKeysSort)
        #expect(diagnosis.detail.contains("Authorization, page, size, X-API-VERSION, X-DEVICE-ID"))
    }

    @Test func anotherSecretIsUnknown() throws {
        var client = authenticated
        client.secret = "another-secret"
        client.parameters = ["push": true]
        let diagnosis = try diagnosis(of: client.wire(method: "GET", url: "/api/v1/settings", encoding: .url,
                                                      signature: client.md5Signature(of: client.signingString())))
        #expect(diagnosis.likelyCause == .unknown)
        #expect(diagnosis.detail.contains("secret"))
    }

    @Test func alterationAfterSigningIsUnknown() throws {
        let client = SwiftClient(parameters: ["page": 1, "size": 20])
        let request = client.wire(method: "GET", url: "/api/v1/games", encoding: .url,
                                  signature: client.md5Signature(of: client.signingString()),
                                  sentParameters: ["page": 1, "size": 200])
        #expect(try diagnosis(of: request).likelyCause == .unknown)
    }

    @Test func mistakesAreFoundUnderTheHMACScheme() throws {
        let server = TestServer(scheme: .hmacSHA256)
        let client = SwiftClient(headers: ["X-API-VERSION": "1.0"])
        let mac = HMAC.sha256(key: Array(client.secret.utf8), message: Array(client.signingString().utf8))
        let request = client.wire(method: "GET", url: "/api/v1/checkin", encoding: .url,
                                  signature: Hex.encode(mac, uppercase: true),
                                  lateHeaders: [("Authorization", "Bearer \(TestServer.token)")])
        #expect(try diagnosis(of: request, on: server).likelyCause == .authorizationNotSigned)
    }

    @Test func mistakesAreFoundWithThePreviousSecret() throws {
        let server = TestServer(secrets: ["rotating-new-secret", "rotating-old-secret"])
        var client = SwiftClient(parameters: ["push": false])
        client.secret = "rotating-old-secret"
        let diagnosis = try diagnosis(of: client.wire(method: "GET", url: "/api/v1/settings", encoding: .url,
                                                      signature: client.md5Signature(of: client.signingString())),
                                      on: server)
        #expect(diagnosis.likelyCause == .boolEncodedAsNumber)
    }
}

/// The diagnosis re-signs only requests up to `SignatureVerifier.longestDiagnosedBytes`: each
/// candidate hashes the whole request again, on the event loop.
@Suite struct DiagnosisBoundTests {
    let server = TestServer()

    /// A request with a bool sent as a number and a `note` of `noteBytes` bytes, signed as Swift does.
    private func boolMistake(noteBytes: Int) throws -> SignatureDiagnosis {
        var client = SwiftClient()
        client.parameters = ["push": true, "note": String(repeating: "n", count: noteBytes)]
        let request = client.wire(method: "POST", url: "/api/v1/settings", encoding: .url,
                                  signature: client.md5Signature(of: client.signingString()))
        return try #require(try server.receive(request).diagnosis)
    }

    @Test func aRequestWithinTheBoundIsDiagnosed() throws {
        let diagnosis = try boolMistake(noteBytes: SignatureVerifier.longestDiagnosedBytes - 100)
        #expect(diagnosis.likelyCause == .boolEncodedAsNumber)
    }

    @Test func aLargerRequestIsNamedUnknownSayingWhy() throws {
        let diagnosis = try boolMistake(noteBytes: SignatureVerifier.longestDiagnosedBytes + 1)
        #expect(diagnosis.likelyCause == .unknown)
        #expect(diagnosis.detail.hasPrefix("the request is too large to re-sign as each client mistake"))
        #expect(diagnosis.detail.contains("at most \(SignatureVerifier.longestDiagnosedBytes)"))
    }
}
