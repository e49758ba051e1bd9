/// Finds the stub that answers a request: the first, in rank order (priority, then
/// specificity, then newest), whose method, path, conditions and scenario state all pass. When
/// none does, it names the closest stubs and the first condition each failed.
///
/// It is built once for a set of stubs (the ranking is sorted then) and read by every loop.
public struct StubMatcher: Sendable {
    /// How many near misses a report names.
    public static let maxNearMisses = 3

    /// The stubs, in rank order.
    public let ranked: [MockStub]

    /// The matcher of `stubs`, given newest first (the newest wins a tie).
    public init(stubs: [MockStub]) {
        ranked = stubs.enumerated().sorted { left, right in
            if left.element.priority != right.element.priority { return left.element.priority < right.element.priority }
            let leftSpecificity = left.element.specificity, rightSpecificity = right.element.specificity
            if leftSpecificity != rightSpecificity { return leftSpecificity > rightSpecificity }
            return left.offset < right.offset
        }.map(\.element)
    }

    /// The stub that answers `request`, with the path parameters; or, when none does, the methods
    /// of the stubs that would with another method (for a 405 `Allow`; none when a stub has this
    /// method and path but failed a condition) and the near misses.
    public func match(_ request: MockRequest, scenarios: ScenarioStore) -> StubMatch {
        guard let segments = PathTemplate.segments(of: request.path) else { return .unmatched(allowedMethods: [], nearMisses: []) }
        for stub in ranked where stub.accepts(method: request.method) {
            guard let parameters = stub.path.match(segments: segments),
                  stub.conditions.allSatisfy({ $0.failure(for: request) == nil }),
                  stub.scenario.map({ $0.failure(current: scenarios.state(of: $0.name)) == nil }) ?? true else { continue }
            return .matched(stub, pathParameters: parameters)
        }
        return unmatched(request, segments: segments, scenarios: scenarios)
    }

    private func unmatched(_ request: MockRequest, segments: [Substring], scenarios: ScenarioStore) -> StubMatch {
        var allowed = Set<String>()
        var misses: [(score: Int, miss: NearMiss)] = []
        for stub in ranked {
            let pathMatches = stub.path.match(segments: segments) != nil
            // Checked in order: path, method, conditions, scenario. Each passed check scores.
            var score = pathMatches ? 1000 : stub.path.sharedSegments(with: segments) * 10
            var failure: String?
            if !pathMatches {
                failure = "path \(request.path) does not match \(stub.path.text)"
            } else if !stub.accepts(method: request.method) {
                failure = "method was \(request.method), the stub wants \(stub.method ?? "ANY")"
            }
            if pathMatches { score += stub.accepts(method: request.method) ? 100 : 0 }
            for condition in stub.conditions where failure == nil {
                failure = condition.failure(for: request)
                if failure == nil { score += 1 }
            }
            if failure == nil, let step = stub.scenario { failure = step.failure(current: scenarios.state(of: step.name)) }
            if pathMatches, !stub.accepts(method: request.method),
               stub.conditions.allSatisfy({ $0.failure(for: request) == nil }), let method = stub.method {
                allowed.insert(method)
            }
            guard let failure, score > 0 else { continue }
            misses.append((score, NearMiss(stubID: stub.id, method: stub.method ?? "ANY", path: stub.path.text, failure: failure)))
        }
        // Stable: equal scores keep rank order.
        // A stub with this method and path that failed a condition makes it a 404, not a 405.
        let pathHasMethod = ranked.contains { $0.accepts(method: request.method) && $0.path.match(segments: segments) != nil }
        if pathHasMethod { allowed.removeAll() }
        let closest = misses.enumerated().sorted { ($0.element.score, -$0.offset) > ($1.element.score, -$1.offset) }
            .prefix(Self.maxNearMisses).map(\.element.miss)
        return .unmatched(allowedMethods: allowed.sorted(), nearMisses: Array(closest))
    }
}

/// What `StubMatcher.match` found.
public enum StubMatch: Sendable {
    /// The stub that answers, and the path template's parameters.
    case matched(MockStub, pathParameters: [String: String])
    /// No stub answers: the methods stubs have for this request (when only the method differs),
    /// and the closest stubs.
    case unmatched(allowedMethods: [String], nearMisses: [NearMiss])
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
