import Crypto
import Signing

/// Fuzzes the signature path end to end: parameters → canonicalize → verify → diagnose, on a
/// request built from the input.
///
/// The input is a scheme choice, then a small request text: `METHOD TARGET` on the first line,
/// `Name: value` header lines, an empty line, and the body. Checks: a signature computed with either
/// secret verifies in upper and lower case, a wrong one does not; the diagnosis of a mismatch never
/// contains a secret nor a whole `Authorization` token.
///
/// The credentials of an `Authorization` header are replaced by a token derived from the SHA-256
/// of the whole input, so the fuzzer cannot also place the token elsewhere in the request (or make
/// it from neighbouring keys and values of the canonical string), where the diagnosis may show it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCanonicalizer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let scheme = input.choice(SignatureScheme.allCases)
    let payload = input.rest()
    let token = Hex.encode(DigestAlgorithm.sha256.hash(payload))
    // A verifier keeps an MD5 context, so it is not Sendable: one per input, like one per event loop.
    let verifier = SignatureVerifier(policy: policy)
    let request = signableRequest(payload, token: token)
    guard let parameters = try? canonicalizer.parameters(of: request),
          let canonical = try? canonicalizer.canonicalize(request, parameters: parameters) else { return 0 }

    for secret in secrets {
        let signature = canonical.signature(secret: secret, scheme: scheme)
        invariant(verifier.verify(canonical, received: signature, secrets: secrets, scheme: scheme) == .valid,
                  "a signature made with a secret does not verify")
        invariant(verifier.verify(canonical, received: " \(signature.lowercased()) ", secrets: secrets, scheme: scheme) == .valid,
                  "a lowercase signature does not verify")
    }
    let received = request.headers.first { $0.name == "X-SIGNATURE" }?.value ?? String(repeating: "0", count: 64)
    guard verifier.verify(canonical, received: received, secrets: secrets, scheme: scheme) != .valid else { return 0 }
    let diagnosis = verifier.diagnose(request, parameters: parameters, canonical: canonical, received: received,
                                      secrets: secrets, scheme: scheme)
    let shown = [diagnosis.canonical, diagnosis.detail, diagnosis.received] + diagnosis.keys
    for secret in secrets {
        invariant(!shown.contains { $0.contains(secret) }, "the diagnosis shows a secret")
    }
    invariant(!shown.contains { $0.contains(token) }, "the diagnosis shows a whole Authorization token")
    return 0
}

private let policy = SigningPolicy()
private let canonicalizer = Canonicalizer(policy: policy)
/// The demo app's secret and a previous one, as while rotating.
private let secrets = ["dev-secret-please-change", "rotating-old-secret"]

/// The request the input describes, any `Authorization` credentials replaced by `token`; a line
/// without a colon is not a header.
private func signableRequest(_ bytes: [UInt8], token: String) -> SignableRequest {
    var head = bytes[...]
    var body: [UInt8] = []
    if let end = bytes.indices.first(where: { bytes[$0] == 0x0A && $0 + 1 < bytes.count && bytes[$0 + 1] == 0x0A }) {
        head = bytes[..<end]
        body = Array(bytes[(end + 2)...])
    }
    let lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    let requestLine = lines.first?.split(separator: " ", maxSplits: 1).map(String.init) ?? []
    var headers: [(name: String, value: String)] = []
    for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        let name = String(line[..<colon])
        let value = String(line[line.index(after: colon)...].drop { $0 == " " })
        let isAuthorization = name.lowercased() == "authorization"
        headers.append((name, isAuthorization ? "\(value.prefix { $0 != " " }) \(token)" : value))
    }
    return SignableRequest(method: requestLine.first ?? "GET", target: requestLine.dropFirst().first ?? "/",
                           headers: headers, body: body)
}
