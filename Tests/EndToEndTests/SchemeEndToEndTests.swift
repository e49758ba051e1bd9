import CountersignClient
import Crypto
import HTTP
import Testing
import TestSupport

/// The seed apps selected by `X-APP-KEY`, each signed here from a hand-written canonical string with
/// Crypto's primitives, independently of the server's canonicalizer and of `MobileRequestSigner`.
@Suite(.serialized) struct SchemeEndToEndTests {
    let server: TestServer
    init() throws { server = try TestServer() }

    /// What every request below signs: `GET /api/v1/games?page=1&size=2` with `X-API-VERSION: 1.0`,
    /// keys sorted, key + value concatenated, no secret.
    private static let canonical = "X-API-VERSION1.0page1size2"

    private static func md5(_ text: String) -> String {
        Hex.encode(DigestAlgorithm.md5.hash(Array(text.utf8)), uppercase: true)
    }

    private static func hmacSHA256(key: String, _ text: String) -> String {
        Hex.encode(HMAC.sha256(key: Array(key.utf8), message: Array(text.utf8)), uppercase: true)
    }

    /// The games request of `appKey` (nil: the default app) carrying `signature`.
    private func send(appKey: String?, signature: String) throws -> ReceivedEnvelope {
        var signer = server.signer()
        signer.appKey = appKey
        var request = signer.request("GET", "/api/v1/games", parameters: [("page", "1"), ("size", "2")])
        request.headers.replaceOrAdd(name: "X-SIGNATURE", value: signature)
        return try ReceivedEnvelope(server.client().send(request))
    }

    @Test func theHandWrittenStringIsWhatTheDefaultAppSigns() throws {
        let envelope = try send(appKey: nil, signature: Self.md5(Self.canonical + TestServer.defaultSecret))
        #expect(envelope.code == 0)
        #expect(envelope.data["items"]?.arrayValue?.count == 2)
    }

    @Test func topMD5WrapsTheStringInTheSecret() throws {
        let secret = "partner-top-secret"
        #expect(try send(appKey: "partner-top", signature: Self.md5(secret + Self.canonical + secret)).code == 0)
        // The md5 layout (secret appended once) is not this app's scheme.
        let appended = try send(appKey: "partner-top", signature: Self.md5(Self.canonical + secret))
        #expect(appended.code == 10003)
        #expect(appended.data["diagnosis"]?["canonical"] == "<secret>X-API-VERSION1.0page1size2<secret>")
    }

    @Test func hmacSHA256IsKeyedWithTheSecretOverTheStringAlone() throws {
        let secret = "partner-hmac-secret"
        let signature = Self.hmacSHA256(key: secret, Self.canonical)
        #expect(signature.count == 64)
        #expect(try send(appKey: "partner-hmac", signature: signature).code == 0)
        #expect(try send(appKey: "partner-hmac", signature: signature.lowercased()).code == 0)
        let withSecret = try send(appKey: "partner-hmac", signature: Self.hmacSHA256(key: secret, Self.canonical + secret))
        #expect(withSecret.code == 10003)
        #expect(withSecret.data["diagnosis"]?["canonical"] == "X-API-VERSION1.0page1size2")
        // An MD5-length signature cannot be an HMAC-SHA256 one.
        #expect(try send(appKey: "partner-hmac", signature: Self.md5(Self.canonical + secret)).code == 10003)
    }

    @Test func aRotatingAppAcceptsItsCurrentAndPreviousSecretOnly() throws {
        for secret in ["rotating-new-secret", "rotating-old-secret"] {
            #expect(try send(appKey: "rotating-app", signature: Self.md5(Self.canonical + secret)).code == 0, "\(secret)")
        }
        let other = try send(appKey: "rotating-app", signature: Self.md5(Self.canonical + "rotating-next-secret"))
        #expect(other.code == 10003)
        #expect(other.data["diagnosis"]?["likely_cause"] == "unknown")
    }

    @Test func eachAppVerifiesWithItsOwnSecretOnly() throws {
        // A valid default-app signature sent as another app.
        let defaultSignature = Self.md5(Self.canonical + TestServer.defaultSecret)
        for appKey in ["partner-top", "partner-hmac", "rotating-app"] {
            #expect(try send(appKey: appKey, signature: defaultSignature).code == 10003, "\(appKey)")
        }
        #expect(try send(appKey: "demo-app", signature: defaultSignature).code == 0)
    }

    @Test func anUnknownAppKeyIs10003() throws {
        let envelope = try send(appKey: "no-such-app", signature: Self.md5(Self.canonical + TestServer.defaultSecret))
        #expect(envelope.code == 10003)
        #expect(envelope.status == 403)
        #expect(envelope.message.lowercased().contains("unknown"), "\(envelope.message)")
        #expect(envelope.message.contains("X-APP-KEY"), "\(envelope.message)")
        #expect(envelope.data == .null)
    }
}
