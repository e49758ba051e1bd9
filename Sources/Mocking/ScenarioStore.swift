import System

/// The states of the scenarios, shared by every event loop: each starts in `initialState`, a
/// stub's answer moves it, the admin API reads, sets and resets it.
public final class ScenarioStore: Sendable {
    /// The state every scenario starts in (WireMock's).
    public static let initialState = "Started"
    /// The longest scenario or state name, in bytes.
    public static let maxNameBytes = 128
    /// The most scenarios one server keeps.
    public static let maxScenarios = 10_000

    private struct States: Sendable {
        var known: [String] = []
        var current: [String: String] = [:]
    }

    private let states = LockedValue(States())

    /// An empty store.
    public init() {}

    /// Makes `names` known (listed in their initial state until they move); the stubs' scenarios.
    public func register(_ names: [String]) {
        states.withLock { states in
            for name in names where !states.known.contains(name) && states.known.count < Self.maxScenarios { states.known.append(name) }
        }
    }

    /// The state of `name`.
    public func state(of name: String) -> String {
        states.withLock { $0.current[name] } ?? Self.initialState
    }

    /// Every known scenario and its state, in the order they became known.
    public func all() -> [(name: String, state: String)] {
        states.withLock { states in states.known.map { ($0, states.current[$0] ?? Self.initialState) } }
    }

    /// Whether `name` is known.
    public func isKnown(_ name: String) -> Bool {
        states.withLock { $0.known.contains(name) }
    }

    /// Sets `name` to `state` (it becomes known). Throws when a name breaks a rule or the store is full.
    public func set(_ name: String, to state: String) throws(DefinitionError) {
        _ = try Self.checkedName(name, field: "name")
        _ = try Self.checkedName(state, field: "state")
        try states.withLock { (states) throws(DefinitionError) in
            if !states.known.contains(name) {
                guard states.known.count < Self.maxScenarios else {
                    throw DefinitionError(field: "name", rule: "would be scenario number \(Self.maxScenarios + 1); the bound is \(Self.maxScenarios)")
                }
                states.known.append(name)
            }
            states.current[name] = state
        }
    }

    /// Moves `name` from `expected` (any state when nil) to `next`; false when another answer
    /// moved it first.
    @discardableResult
    public func advance(_ name: String, from expected: String?, to next: String) -> Bool {
        states.withLock { states in
            let current = states.current[name] ?? Self.initialState
            guard expected == nil || expected == current else { return false }
            if !states.known.contains(name) { states.known.append(name) }
            states.current[name] = next
            return true
        }
    }

    /// Puts `name` back in its initial state.
    public func reset(_ name: String) {
        _ = states.withLock { $0.current.removeValue(forKey: name) }
    }

    /// Puts every scenario back in its initial state.
    public func resetAll() {
        states.withLock { $0.current.removeAll() }
    }

    /// Forgets every scenario but `names` (the stubs' that remain) and puts those in their
    /// initial state: what a server reset does.
    public func restart(knowing names: [String]) {
        states.withLock { states in
            states = States()
            for name in names where !states.known.contains(name) && states.known.count < Self.maxScenarios { states.known.append(name) }
        }
    }

    /// `name` when it is a valid scenario or state name.
    static func checkedName(_ name: String, field: String) throws(DefinitionError) -> String {
        guard !name.isEmpty, name.utf8.count <= maxNameBytes, !name.contains(where: { $0.isNewline || $0 == "/" }) else {
            throw DefinitionError(field: field, rule: "must be 1 to \(maxNameBytes) bytes without '/' or a line break")
        }
        return name
    }
}
