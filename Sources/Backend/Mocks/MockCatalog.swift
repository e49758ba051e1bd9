import Mocking
import System

/// The mocking state every event loop shares: the stubs (with their ranking, rebuilt only when
/// a stub is added or removed), the scenarios' states and the imported OpenAPI operations.
public final class MockCatalog: Sendable {
    /// Stubs from the stubs folder and `POST /__admin/stubs`.
    let stubs: AdminRegistry<Stub>
    /// The scenarios' states.
    public let scenarios = ScenarioStore()
    /// The imports given at start (`--import-openapi`), ids 1, 2, ..., which a reset brings back.
    private let initialImports: [ImportedDocument]
    /// The imports, oldest first, and the id the next one gets.
    private let imports: LockedValue<(items: [ImportedDocument], nextID: Int)>
    private let ranking = LockedValue<(generation: Int, matcher: StubMatcher)?>(nil)

    /// The catalog of `stubs` (from the stubs folder) and `imports` (from `--import-openapi`).
    public init(stubs: [Stub] = [], imports: [OpenAPIImport] = []) {
        self.stubs = AdminRegistry(initial: stubs)
        initialImports = imports.enumerated().map { ImportedDocument(id: $0.offset + 1, document: $0.element) }
        self.imports = LockedValue((initialImports, initialImports.count + 1))
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
        imports.withLock { $0.items }.flatMap(\.document.operations)
    }

    /// Whether nothing is stubbed or imported (the stub stage has nothing to do).
    var isEmpty: Bool { stubs.isEmpty && imports.withLock { $0.items.isEmpty } }

    /// Adds an import made at run time, with a new id.
    func addImport(_ imported: OpenAPIImport) -> ImportedDocument {
        imports.withLock { imports in
            let added = ImportedDocument(id: imports.nextID, document: imported)
            imports.items.append(added)
            imports.nextID += 1
            return added
        }
    }

    /// Removes the import with `id`; false when there is none.
    func removeImport(id: Int) -> Bool {
        imports.withLock { imports in
            guard let index = imports.items.firstIndex(where: { $0.id == id }) else { return false }
            imports.items.remove(at: index)
            return true
        }
    }

    /// Every import, in order.
    var allImports: [ImportedDocument] { imports.withLock { $0.items } }

    /// Back to the stubs and imports of the start, every scenario in its initial state.
    func reset() {
        stubs.restore()
        imports.withLock { $0.items = initialImports }
        scenarios.restart(knowing: Self.scenarioNames(stubs.all))
    }

    private static func scenarioNames(_ stubs: [Stub]) -> [String] {
        stubs.compactMap { $0.mock.scenario?.name }
    }
}

/// An imported OpenAPI document and the id the admin API names it by (`DELETE /__admin/imports/{id}`).
struct ImportedDocument: Sendable {
    let id: Int
    let document: OpenAPIImport
}
