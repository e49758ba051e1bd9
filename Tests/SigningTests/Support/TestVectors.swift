import Foundation
import Signing
import Testing

/// The wire-level vectors of SIGNING.md (Fixtures/vectors.json, a copy of the contract's, and
/// Fixtures/array-vectors.json, this project's vectors of decimal arrays in a query or form),
/// decoded with Foundation so that the JSON module under test plays no part in reading them.
struct TestVectors: Decodable {
    struct Vector: Decodable, CustomTestStringConvertible, Sendable {
        struct Expectation: Decodable, Sendable {
            let valid: Bool
            let canonical: String?
            let signature: String?
            let hint: String?
            /// For a valid vector signed with some query or form arrays as numbers (`ids[1, 2]`):
            /// their names, which the verifier must report.
            let numericArrays: [String]?

            enum CodingKeys: String, CodingKey {
                case valid, canonical, signature, hint
                case numericArrays = "numeric_arrays"
            }
        }

        let name: String
        let method: String
        let target: String
        let headers: [[String]]
        let body: String
        let secret: String
        let expect: Expectation

        var testDescription: String { name }

        var request: SignableRequest {
            SignableRequest(method: method, target: target,
                            headers: headers.map { (name: $0[0], value: $0[1]) }, body: Array(body.utf8))
        }

        var receivedSignature: String? {
            headers.first { $0[0] == "X-SIGNATURE" }?[1]
        }
    }

    let scheme: String
    let signedHeaders: [String]
    let vectors: [Vector]

    enum CodingKeys: String, CodingKey {
        case scheme, vectors
        case signedHeaders = "signed_headers"
    }

    /// The contract's fixture, or nil when it cannot be read (a test then fails on the count).
    static let fixture = load("vectors")
    /// The vectors of decimal arrays.
    static let arrayFixture = load("array-vectors")

    static var all: [Vector] { (fixture?.vectors ?? []) + (arrayFixture?.vectors ?? []) }

    private static func load(_ name: String) -> TestVectors? {
        guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures"),
              let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(TestVectors.self, from: data)
    }

    /// The server's secret: the one every valid vector is signed with. (An invalid vector's `secret`
    /// is the one its client used, which may be another: `bad-wrong-secret`.)
    static var serverSecret: String { all.first(where: \.expect.valid)?.secret ?? "" }
}
