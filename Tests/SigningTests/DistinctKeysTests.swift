@testable import Signing
import Testing

/// The usual request's shortcut, `CanonicalRequest(distinctKeysOf:)`, against the general
/// assembly every request can take: on thousands of generated requests (header names in any case,
/// repeated headers, parameters named like headers or like each other, non-ASCII and canonically
/// equivalent names, JSON bodies), whenever the shortcut answers, it answers exactly the same.
@Suite struct DistinctKeysTests {
    /// A small deterministic generator (xorshift), so that a failure can be replayed.
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }

        mutating func pick<T>(_ choices: [T]) -> T { choices[next(choices.count)] }
    }

    static let headerNames = ["X-API-VERSION", "x-api-version", "Authorization", "AUTHORIZATION", "X-DEVICE-ID",
                              "X-Device-Id", "X-TIMESTAMP", "Host", "Accept", "X-SIGNATURE", "Content-Type"]
    static let headerValues = ["1.0", " 1.0 ", "Bearer 0a8c81db337fdf27f24cdea7fb831e4da4581ab3bd02344734aa53ff3278e0a5",
                               "3141CBCA-730B-467C-A5A7-49B5F181D866", "\t1767225600", ""]
    static let parameterNames = ["page", "size", "Page", "X-API-VERSION", "Authorization", "tags[]", "caf\u{E9}",
                                 "cafe\u{301}", "a", "B", "_", "\u{1F600}"]
    static let parameterValues = ["1", "0", "a+b", "%E4%BD%A0", "x%20y", "", "true"]

    func request(_ generator: inout Generator) -> SignableRequest {
        var headers: [(name: String, value: String)] = []
        for _ in 0..<generator.next(7) {
            headers.append((generator.pick(Self.headerNames), generator.pick(Self.headerValues)))
        }
        var query: [String] = []
        for _ in 0..<generator.next(5) {
            query.append(generator.pick(Self.parameterNames) + "=" + generator.pick(Self.parameterValues))
        }
        var body: [UInt8] = []
        if generator.next(3) == 0 {
            let members = [#""n": 2.0"#, #""flag": true"#, #""list": [1, "a b"]"#, #""page": 3"#, #""obj": {"k": 1}"#, #""nil": null"#]
            body = Array(("{" + (0..<generator.next(4)).map { _ in generator.pick(members) }.joined(separator: ", ") + "}").utf8)
            headers.append(("Content-Type", "application/json"))
        }
        let target = "/api/v1/things" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        return SignableRequest(method: body.isEmpty ? "GET" : "POST", target: target, headers: headers, body: body)
    }

    @Test(arguments: [
        ["X-API-VERSION", "Authorization", "X-DEVICE-ID"],
        ["X-API-VERSION", "Authorization", "X-DEVICE-ID", "X-TIMESTAMP"],
        ["Authorization"],
    ])
    func theShortcutAgreesWithTheGeneralAssembly(signedHeaders: [String]) throws {
        let policy = SigningPolicy(signedHeaders: signedHeaders)
        let canonicalizer = Canonicalizer(policy: policy)
        let names = try #require(SignedHeaderNames(signedHeaders))
        var generator = Generator(state: 0x9E37_79B9_7F4A_7C15)
        var shortcuts = 0
        for _ in 0..<3_000 {
            let request = request(&generator)
            guard let parameters = try? canonicalizer.parameters(of: request) else { continue }
            let general = SigningInput(request: request, parameters: parameters, signedHeaders: signedHeaders)
            guard let shortcut = CanonicalRequest(distinctKeysOf: request, parameters: parameters, signedHeaders: names) else {
                continue
            }
            shortcuts += 1
            #expect(general.duplicatedHeader == nil && general.unsignableParameter == nil, "\(request)")
            let assembled = general.assemble()
            #expect(shortcut.keys == assembled.keys, "\(request)")
            #expect(shortcut.string(secret: "s", scheme: .md5) == assembled.string(secret: "s", scheme: .md5), "\(request)")
            #expect(shortcut.displayString(scheme: .md5) == assembled.displayString(scheme: .md5), "\(request)")
        }
        // Most generated requests are simple enough for the shortcut; the rest take the general path.
        #expect(shortcuts > 500, "only \(shortcuts) requests took the shortcut")
    }

    /// The field names of 8 to 16 bytes are compared 8 bytes at a time: every byte value, in every
    /// position, is lower-cased exactly as one byte alone would be.
    @Test func wordsAreLowerCasedLikeTheirBytes() {
        for byte in UInt8.min...UInt8.max {
            for position in 0..<8 {
                // The other bytes vary too, so that a carry between bytes would show.
                let neighbours: [UInt8] = (0..<8).map { UInt8(truncatingIfNeeded: Int(byte) &* 31 &+ $0 &* 97) }
                var bytes = neighbours
                bytes[position] = byte
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                let expected = bytes.map(\.asciiLowercased).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                #expect(word.asciiLowercased == expected, "byte \(byte) at \(position)")
            }
        }
    }
}
