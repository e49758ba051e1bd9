import JSON
import Signing
import Testing

/// Neither a secret nor a whole token ever leaves the module in something shown.
@Suite struct SecrecyTests {
    let server = TestServer()

    private var authenticated: SwiftClient {
        var client = SwiftClient()
        client.headers["Authorization"] = "Bearer \(TestServer.token)"
        return client
    }

    private func shownText(_ diagnosis: SignatureDiagnosis) -> String {
        JSONWriter.serialize(diagnosis.json)
    }

    @Test func displayStringMasksTheSecretAndTheToken() throws {
        let client = authenticated
        let outcome = try server.receive(client.wire(method: "GET", url: "/api/v1/me", encoding: .url,
                                                     signature: client.md5Signature(of: client.signingString())))
        #expect(outcome.verdict == .valid)
        let shown = outcome.canonical.displayString(scheme: .md5)
        #expect(shown == "AuthorizationBearer 0a8c81db…X-API-VERSION1.0<secret>")
        #expect(!shown.contains(TestServer.secret))
        #expect(!shown.contains(TestServer.token))
    }

    @Test func shortCredentialsKeepAtMostHalf() throws {
        let request = SignableRequest(method: "GET", target: "/", headers: [("Authorization", "abcdef")])
        let canonicalizer = Canonicalizer(policy: SigningPolicy())
        let canonical = try canonicalizer.canonicalize(request, parameters: try canonicalizer.parameters(of: request))
        #expect(canonical.displayString(scheme: .md5) == "Authorizationabc…<secret>")
    }

    @Test(arguments: [
        ("Bearer 0a8c81db9f2e4c7a", "Bearer 0a8c81db…"), ("abcdef", "abc…"), ("Bearer ", "Bearer …"),
        // Half of the Unicode scalars, never part of one.
        ("Bearer é€ab", "Bearer é€…"), ("Bearer 汉字汉字汉字", "Bearer 汉字汉…"),
    ])
    func maskingKeepsAtMostHalfOfTheCredentials(value: String, masked: String) {
        #expect(CanonicalRequest.masked(authorization: value) == masked)
    }

    @Test(arguments: LikelyCause.allCases)
    func diagnosesNeverShowTheSecretOrTheToken(_ cause: LikelyCause) throws {
        var client = authenticated
        client.parameters = ["push": true, "amount": 2.0, "q": "a b", "page": 1]
        var lateHeaders: [(String, String)] = []
        var signing = client.signingString()
        switch cause {
        case .authorizationNotSigned, .headerNotSigned:
            let name = cause == .authorizationNotSigned ? "Authorization" : "X-API-VERSION"
            lateHeaders = [(name, client.headers[name] ?? "")]
            client.headers[name] = nil
            signing = client.signingString()
        case .secretPrepended:
            signing = client.secret + signing
        case .lowercaseKeysSort:
            signing = client.signingString(sortedBy: { $0.lowercased() < $1.lowercased() })
        default:
            signing += cause.rawValue
        }
        let request = client.wire(method: "POST", url: "/api/v1/orders?note=\(client.secret)", encoding: .url,
                                  signature: client.md5Signature(of: signing), lateHeaders: lateHeaders)
        let diagnosis = try #require(try server.receive(request).diagnosis)
        let shown = shownText(diagnosis)
        #expect(!shown.contains(TestServer.secret))
        #expect(!shown.contains(TestServer.token))
        #expect(diagnosis.canonical.contains("note<secret>"))
    }

    @Test func diagnosisJSONHasTheDocumentedShape() throws {
        let client = SwiftClient(parameters: ["push": true])
        let diagnosis = try #require(try server.receive(client.wire(method: "GET", url: "/api/v1/settings", encoding: .url,
                                                                    signature: client.md5Signature(of: client.signingString()))).diagnosis)
        let json = diagnosis.json
        #expect(json.objectValue?.keys == ["canonical", "keys", "received", "likely_cause", "detail"])
        #expect(json["canonical"] == "X-API-VERSION1.0push1<secret>")
        #expect(json["keys"] == ["X-API-VERSION", "push"])
        #expect(json["received"] == .string(client.md5Signature(of: client.signingString())))
        #expect(json["likely_cause"] == "bool-encoded-as-number")
        #expect(json["detail"]?.stringValue?.hasPrefix("parameter 'push' arrived as '1'; the signature matches if it is signed as 'true'.") == true)
    }

    /// A login-like form signed with a mistake (a Bool sent as 1), so that the diagnosis runs.
    private func diagnosisOfForm(_ parameters: [String: Any]) throws -> SignatureDiagnosis {
        var client = authenticated
        client.parameters = parameters.merging(["remember": true]) { $1 }
        let request = client.wire(method: "POST", url: "/api/v1/login", encoding: .url,
                                  signature: client.md5Signature(of: client.signingString()))
        return try #require(try server.receive(request).diagnosis)
    }

    @Test func diagnosisMasksPasswordsByName() throws {
        let diagnosis = try diagnosisOfForm(["phone": "13800000000", "password": "hunter2-Secret", "pwd": "x9y8z7", "user_pin": "4711"])
        #expect(diagnosis.likelyCause == .boolEncodedAsNumber)
        let shown = shownText(diagnosis)
        for value in ["hunter2-Secret", "x9y8z7", "4711"] { #expect(!shown.contains(value), "\(value)") }
        #expect(diagnosis.canonical.contains("password***"))
        #expect(diagnosis.canonical.contains("pwd***"))
        #expect(diagnosis.canonical.contains("user_pin***"))
        #expect(diagnosis.canonical.contains("phone13800000000"))
        #expect(diagnosis.keys.contains("password"))
    }

    @Test func diagnosisMasksTheTokenAndPasswordsByValue() throws {
        let diagnosis = try diagnosisOfForm(["t": TestServer.token, "password": "hunter2-Secret", "again": "hunter2-Secret",
                                             "next": "/me?access=\(TestServer.token)"])
        let shown = shownText(diagnosis)
        #expect(!shown.contains(TestServer.token))
        #expect(!shown.contains("hunter2-Secret"))
        #expect(diagnosis.canonical.contains("t***"))
        #expect(diagnosis.canonical.contains("again***"))
        #expect(diagnosis.canonical.contains("next***"))
        #expect(diagnosis.canonical.contains("AuthorizationBearer 0a8c81db…"))
    }

    @Test func detailMasksTheValuesItQuotes() throws {
        // The password is the value whose rendering the mistake changes: the detail quotes neither.
        var client = SwiftClient()
        client.parameters = ["passwd": "a b", "q": "c d"]
        let signing = client.signingString(parameters: ["passwd": "a+b", "q": "c+d"])
        let request = client.wire(method: "GET", url: "/api/v1/search", encoding: .url, signature: client.md5Signature(of: signing))
        let diagnosis = try #require(try server.receive(request).diagnosis)
        #expect(diagnosis.likelyCause == .plusAsSpace)
        #expect(diagnosis.detail.hasPrefix("parameters 'passwd' and 'q' arrived as '***' and 'c d'; the signature matches if they are "
            + "signed as '***' and 'c+d'."), "\(diagnosis.detail)")
    }

    @Test(arguments: [
        ("password", true), ("newPassword", true), ("pwd", true), ("passwd", true), ("pass", true), ("pin", true),
        ("user_pin", true), ("userPin", true), ("pincode", true), ("passcode", true), ("api_key", true), ("apiKey", true),
        ("client_secret", true), ("refresh-token", true), ("otp", true), ("cvv", true), ("credentials", true),
        ("page", false), ("compass", false), ("passage", false), ("spinner", false), ("pinned", false), ("ids", false),
        ("shipping", false), ("phone", false), ("key", false),
    ])
    func sensitiveNames(name: String, isSensitive: Bool) {
        #expect(SensitiveValues.isSensitive(name: name) == isSensitive)
    }
}
