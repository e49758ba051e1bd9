import CountersignClient
import HTTP
import JSON
import Signing
import Testing

/// `countersign call` signs with `MobileRequestSigner` in the app's scheme: in each scheme, for a
/// query, a form and a JSON body, the app's signature is the one the server's canonicalizer computes.
@Suite struct AppSignerSchemeTests {
    @Test(arguments: SignatureScheme.allCases)
    func theAppsSignatureIsTheServersInEveryScheme(scheme: SignatureScheme) throws {
        var signer = MobileRequestSigner(secret: "dev-secret-please-change")
        signer.scheme = scheme
        signer.token = "0a8c81db337fdf27f24cdea7fb831e4da4581ab3bd02344734aa53ff3278e0a5"
        signer.deviceID = "3141CBCA-730B-467C-A5A7-49B5F181D866"
        let requests = [
            signer.request("GET", "/api/v1/games", parameters: [("size", "10"), ("page", "2")]),
            signer.request("POST", "/api/v1/users/login", parameters: [("phone", "13800000000"), ("password", "Passw0rd!")]),
            signer.request("POST", "/api/v1/users/profile", encoding: .json,
                           jsonValues: [("nickname", .string("Ada L.")), ("age", .number(JSONNumber(36))), ("public", .bool(true))]),
        ]
        for request in requests {
            let signable = SignableRequest(method: request.method, target: request.target, headers: request.headers, body: request.body)
            let canonicalizer = Canonicalizer(policy: SigningPolicy())
            let canonical = try canonicalizer.canonicalize(signable, parameters: canonicalizer.parameters(of: signable))
            #expect(request.headers["X-SIGNATURE"] == canonical.signature(secret: signer.secret, scheme: scheme), "\(request.target)")
        }
    }

    @Test func md5StaysTheDefault() {
        let signer = MobileRequestSigner(secret: "s")
        let request = signer.request("GET", "/api/v1/ping")
        #expect(request.headers["X-SIGNATURE"] == MobileRequestSigner.signature(parameters: [], headers: signer.signedHeaders, secret: "s"))
        #expect(request.headers["Accept"] == "*/*")
    }
}
