import Mocking
import System

/// The mocking state every event loop shares: the stubs (with their ranking, rebuilt only when
/// a stub is added or removed), the scenarios' states and the imported OpenAPI operations.
public final class MockCatalog: Sendable {
    /// Stubs from the stubs folder and `POST /__admin/stubs`.
    let stubs: AdminRegistry<Stub>
    /// The scenarios' states.
    public let scenarios = ScenarioStore()
    /// The imports given at start (`--import-openapi`), which a reset brings back.
    private let initialImports: [OpenAPIImport]
    private let imports: LockedValue<[OpenAPIImport]>
    private let ranking = LockedValue<(generation: Int, matcher: StubMatcher)?>(nil)

    /// The catalog of `stubs` (from the stubs folder) and `imports` (from `--import-openapi`).
    public init(stubs: [Stub] = [], imports: [OpenAPIImport] = []) {
        self.stubs = AdminRegistry(initial: stubs)
        initialImports = imports
        self.imports = LockedValue(imports)
        registerScenarios(of: stubs)
    }

    /// The matcher of the current stubs, newest first.
    func matcher() -> StubMatcher {
        let generation = stubs.generation
        if let cached = ranking.withLock({ $0 }), cached.generation == generation { return cached.matcher }
        let (current, items) = stubs.versioned
        let matcher = StubMatcher(stubs: items.reversed().map(\.mock))
        ranking.withLock { $0 = (current, matcher) }
        return matcher
    }

    /// Makes the scenarios of `stubs` known (listed in `Started` until they move).
    func registerScenarios(of stubs: [Stub]) {
        scenarios.register(Self.scenarioNames(stubs))
    }

    /// The imported operations, in import order.
    var importedOperations: [OpenAPIOperation] {
        imports.withLock { $0 }.flatMap(\.operations)
    }

    /// Whether nothing is stubbed or imported (the stub stage has nothing to do).
    var isEmpty: Bool { stubs.isEmpty && imports.withLock { $0.isEmpty } }

    /// Adds an import made at run time.
    func addImport(_ imported: OpenAPIImport) {
        imports.withLock { $0.append(imported) }
    }

    /// Every import, in order.
    var allImports: [OpenAPIImport] { imports.withLock { $0 } }

    /// Back to the stubs and imports of the start, every scenario in its initial state.
    func reset() {
        stubs.restore()
        imports.withLock { $0 = initialImports }
        scenarios.restart(knowing: Self.scenarioNames(stubs.all))
    }

    private static func scenarioNames(_ stubs: [Stub]) -> [String] {
        stubs.compactMap { $0.mock.scenario?.name }
    }
}
