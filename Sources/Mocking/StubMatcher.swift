/// Finds the stub that answers a request: the first, in rank order (priority, then
/// specificity, then newest), whose method, path, conditions and scenario state all pass. When
/// none does, it can name the methods stubs have for the path and the closest stubs with the
/// first condition each failed.
///
/// It is built once for a set of stubs (the ranking is sorted and indexed then) and read by
/// every loop. The index keys each stub by its leading literal path segments (at most
/// `indexDepth`), so a request looks only at the stubs whose literal start its path has.
public struct StubMatcher: Sendable {
    /// How many near misses a report names.
    public static let maxNearMisses = 3
    /// How many leading literal segments the index keys on.
    static let indexDepth = 3

    /// The stubs, in rank order.
    public let ranked: [MockStub]
    /// Rank positions, ascending, by the stub's leading literal segments joined with `/`.
    private let index: [String: [Int]]

    /// The matcher of `stubs`, given newest first (the newest wins a tie).
    public init(stubs: [MockStub]) {
        ranked = stubs.enumerated().sorted { left, right in
            if left.element.priority != right.element.priority { return left.element.priority < right.element.priority }
            let leftSpecificity = left.element.specificity, rightSpecificity = right.element.specificity
            if leftSpecificity != rightSpecificity { return leftSpecificity > rightSpecificity }
            return left.offset < right.offset
        }.map(\.element)
        var index: [String: [Int]] = [:]
        for (rank, stub) in ranked.enumerated() {
            index[Self.key(stub.path.literalPrefix(Self.indexDepth)), default: []].append(rank)
        }
        self.index = index
    }

    /// The stub that answers `request`, with the path parameters, or `.unmatched`.
    public func match(_ request: MockRequest, scenarios: ScenarioStore) -> StubMatch {
        guard let segments = PathTemplate.segments(of: request.path) else { return .unmatched }
        for rank in candidates(segments) {
            let stub = ranked[rank]
            guard stub.accepts(method: request.method), let parameters = stub.path.match(segments: segments),
                  stub.conditions.allSatisfy({ $0.failure(for: request) == nil }),
                  stub.scenario.map({ $0.failure(current: scenarios.state(of: $0.name)) == nil }) ?? true else { continue }
            return .matched(stub, pathParameters: parameters)
        }
        return .unmatched
    }

    /// For a request no stub answers: the methods of the stubs whose path and conditions pass
    /// (for a 405 `Allow`); none when a stub has this method and path but failed a condition (a
    /// near miss, not a wrong method).
    public func allowedMethods(for request: MockRequest) -> [String] {
        guard let segments = PathTemplate.segments(of: request.path) else { return [] }
        var allowed = Set<String>()
        for rank in candidates(segments) {
            let stub = ranked[rank]
            guard stub.path.match(segments: segments) != nil else { continue }
            if stub.accepts(method: request.method) { return [] }
            if let method = stub.method, stub.conditions.allSatisfy({ $0.failure(for: request) == nil }) { allowed.insert(method) }
        }
        return allowed.sorted()
    }

    /// For a request no stub answers: the closest stubs, closest first, at most
    /// `maxNearMisses`, each with its first failed check (path, method, conditions, scenario, in
    /// this order). Every stub is looked at: this runs only for a 10404.
    public func nearMisses(for request: MockRequest, scenarios: ScenarioStore) -> [NearMiss] {
        guard let segments = PathTemplate.segments(of: request.path) else { return [] }
        var misses: [(score: Int, miss: NearMiss)] = []
        for stub in ranked {
            let pathMatches = stub.path.match(segments: segments) != nil
            let methodMatches = stub.accepts(method: request.method)
            // Each passed check scores: the path most, then the method, then each condition.
            var score = pathMatches ? 1000 + (methodMatches ? 100 : 0) : stub.path.sharedSegments(with: segments) * 10
            var failure: String?
            if !pathMatches {
                failure = "path \(request.path) does not match \(stub.path.text)"
            } else if !methodMatches {
                failure = "method was \(request.method), the stub wants \(stub.method ?? "ANY")"
            }
            for condition in stub.conditions where failure == nil {
                failure = condition.failure(for: request)
                if failure == nil { score += 1 }
            }
            if failure == nil, let step = stub.scenario { failure = step.failure(current: scenarios.state(of: step.name)) }
            guard let failure, score > 0 else { continue }
            misses.append((score, NearMiss(stubID: stub.id, method: stub.method ?? "ANY", path: stub.path.text, failure: failure)))
        }
        // Stable: equal scores keep rank order.
        return misses.enumerated().sorted { ($0.element.score, -$0.offset) > ($1.element.score, -$1.offset) }
            .prefix(Self.maxNearMisses).map(\.element.miss)
    }

    /// The rank positions of the stubs whose leading literal segments `segments` starts with,
    /// ascending.
    private func candidates(_ segments: [Substring]) -> [Int] {
        var found: [Int] = []
        for depth in 0...min(Self.indexDepth, segments.count) {
            if let ranks = index[Self.key(segments.prefix(depth))] { found += ranks }
        }
        return found.count > 1 ? found.sorted() : found
    }

    private static func key(_ segments: some Collection<some StringProtocol>) -> String {
        segments.joined(separator: "/")
    }
}

/// What `StubMatcher.match` found.
public enum StubMatch: Sendable {
    /// The stub that answers, and the path template's parameters.
    case matched(MockStub, pathParameters: [String: String])
    /// No stub answers (`allowedMethods(for:)` and `nearMisses(for:scenarios:)` say more).
    case unmatched
}

/// A stub that almost answered a request, and the first condition it failed.
public struct NearMiss: Sendable, Equatable, CustomStringConvertible {
    public let stubID: Int
    public let method: String
    public let path: String
    /// The first failed condition, in words: "param 'status' was 'open', the stub wants 'paid'".
    public let failure: String

    /// "stub 3 (GET /api/v1/orders): param 'status' was 'open', the stub wants 'paid'".
    public var description: String { "stub \(stubID) (\(method) \(path)): \(failure)" }
}
