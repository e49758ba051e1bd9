/// A stub's part in a scenario (WireMock's model): it answers only while the scenario `name` is
/// in `state` (any state when nil), and its answer moves the scenario to `nextState`.
public struct ScenarioStep: Sendable, Equatable {
    /// The fields of `scenario`.
    static let fields = ["name", "state", "next_state"]

    /// The scenario.
    public let name: String
    /// The state the stub requires, or nil for any.
    public let state: String?
    /// The state the stub's answer moves the scenario to, or nil to leave it.
    public let nextState: String?

    /// A step.
    public init(name: String, state: String?, nextState: String?) {
        self.name = name
        self.state = state
        self.nextState = nextState
    }

    init(_ reader: DefinitionReader) throws(DefinitionError) {
        name = try ScenarioStore.checkedName(reader.requiredString("name"), field: reader.field("name"))
        state = try reader.string("state").map { (text) throws(DefinitionError) in try ScenarioStore.checkedName(text, field: reader.field("state")) }
        nextState = try reader.string("next_state").map { (text) throws(DefinitionError) in try ScenarioStore.checkedName(text, field: reader.field("next_state")) }
        guard state != nil || nextState != nil else {
            throw DefinitionError(field: reader.path, rule: "needs 'state' (the state it requires), 'next_state' (the state it moves to) or both")
        }
    }

    /// Why the scenario's `current` state fails the step; nil when it passes.
    func failure(current: String) -> String? {
        guard let state, state != current else { return nil }
        return "scenario '\(name)' is in state '\(current)', the stub wants '\(state)'"
    }
}
