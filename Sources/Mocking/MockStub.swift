import JSON
import System

/// A stub of the mocking engine: what it matches (method, path template, conditions, scenario
/// state), how it ranks (priority, then specificity), what it requires (a login) and what it
/// answers (templates). Parsed and checked once, when it is created (`MockStub+Definition.swift`).
public struct MockStub: Sendable {
    /// The id the admin API shows.
    public let id: Int
    /// The method (uppercase), or nil for any.
    public let method: String?
    /// The path template.
    public let path: PathTemplate
    /// The conditions on parameters, headers and body members.
    public let conditions: [RequestCondition]
    /// The rank: 1 is first; stubs of equal priority are ordered by `specificity`.
    public let priority: Int
    /// Whether the request must carry a valid token (the not-logged-in code otherwise).
    public let requiresLogin: Bool
    /// The stub's part in a scenario.
    public let scenario: ScenarioStep?
    /// The seed of the stub's random values.
    public let seed: UInt64
    /// What it answers.
    public let response: StubResponse
    /// Wait this long before answering.
    public let delayMilliseconds: Int?
    /// Answer this many requests, then disappear (the registry counts).
    public let times: Int?
    /// The definition as given, for the admin API.
    public let definition: JSONValue
    private let answers: LockedValue<Int>

    init(id: Int, method: String?, path: PathTemplate, conditions: [RequestCondition], priority: Int, requiresLogin: Bool,
         scenario: ScenarioStep?, seed: UInt64, response: StubResponse, delayMilliseconds: Int?, times: Int?, definition: JSONValue) {
        self.id = id
        self.method = method
        self.path = path
        self.conditions = conditions
        self.priority = priority
        self.requiresLogin = requiresLogin
        self.scenario = scenario
        self.seed = seed
        self.response = response
        self.delayMilliseconds = delayMilliseconds
        self.times = times
        self.definition = definition
        answers = LockedValue(0)
    }

    /// The order of stubs of equal priority: more literal path segments first, then more path
    /// parameters (a parameter is more specific than a glob), then fewer globs, then more
    /// conditions (a scenario state counts as one). The newest stub wins a tie.
    public struct Specificity: Comparable, Sendable {
        let literals: Int
        let parameters: Int
        let globs: Int
        let conditions: Int

        public static func < (lhs: Specificity, rhs: Specificity) -> Bool {
            (lhs.literals, lhs.parameters, -lhs.globs, lhs.conditions) < (rhs.literals, rhs.parameters, -rhs.globs, rhs.conditions)
        }
    }

    /// How specific the stub is.
    public var specificity: Specificity {
        let counts = path.counts
        return Specificity(literals: counts.literals, parameters: counts.parameters, globs: counts.globs,
                           conditions: conditions.count + (scenario?.state == nil ? 0 : 1) + (method == nil ? 0 : 1))
    }

    /// Whether `method` is the stub's (a HEAD is answered by a GET stub).
    func accepts(method: String) -> Bool {
        guard let own = self.method else { return true }
        return own == method || (method == "HEAD" && own == "GET")
    }

    /// The answer to `request`, matched with `pathParameters`: the templates rendered with the
    /// stub's next answer number, the user and the time.
    public func answer(_ request: MockRequest, pathParameters: [String: String], user: [String: JSONValue]?,
                       nowMilliseconds: Int64) throws(TemplateRenderError) -> StubAnswer {
        let sequence = answers.withLock { count in
            count += 1
            return count
        }
        var context = TemplateContext(request: request, pathParameters: pathParameters, user: user, nowMilliseconds: nowMilliseconds,
                                      sequence: sequence, seed: seed)
        return try response.render(in: &context)
    }
}
