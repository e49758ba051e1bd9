import Foundation
import JSON
@testable import Mocking

/// Builders shared by the suites.
enum Fixture {
    /// A stub from its definition's JSON text, with `id`.
    static func stub(_ json: String, id: Int = 1) throws -> MockStub {
        try MockStub(id: id, definition: JSONParser.parse(Array(json.utf8)), pathPrefix: "/api/")
    }

    /// The error of a definition that must be refused.
    static func refusal(_ json: String) -> DefinitionError? {
        do {
            _ = try stub(json)
            return nil
        } catch let error as DefinitionError {
            return error
        } catch {
            return nil
        }
    }

    /// The bytes of a file of Fixtures/.
    static func bytes(_ name: String) throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures") else {
            throw CocoaError(.fileNoSuchFile)
        }
        return Array(try Data(contentsOf: url))
    }

    /// The answer of `stub` to `request` (matched with `parameters`).
    static func answer(_ stub: MockStub, _ request: MockRequest, parameters: [String: String] = [:],
                       user: [String: JSONValue]? = nil, now: Int64 = 1_767_225_600_000) throws -> StubAnswer {
        try stub.answer(request, pathParameters: parameters, user: user, nowMilliseconds: now)
    }
}

extension StubMatcher {
    /// The near misses of `request`, or none when a stub answers it.
    func misses(_ request: MockRequest, scenarios: ScenarioStore) -> [NearMiss] {
        guard case .unmatched = match(request, scenarios: scenarios) else { return [] }
        return nearMisses(for: request, scenarios: scenarios)
    }
}

extension StubMatch {
    /// The id of the matched stub, or nil.
    var stubID: Int? {
        if case .matched(let stub, _) = self { return stub.id }
        return nil
    }

    /// The path parameters of a match.
    var pathParameters: [String: String] {
        if case .matched(_, let parameters) = self { return parameters }
        return [:]
    }

}
