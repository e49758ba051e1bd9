import Dispatch
import JSON
import System
@testable import Mocking
import Testing

@Suite("Scenarios")
struct ScenarioTests {
    @Test("the order flow: an empty list, then a POST moves the scenario, then a list with one order")
    func orderFlow() throws {
        let scenarios = ScenarioStore()
        let empty = try Fixture.stub(#"{"scenario": {"name": "orders", "state": "Started"}, "request": {"method": "GET", "path": "/api/v1/orders"}, "response": {"data": []}}"#, id: 1)
        let create = try Fixture.stub(#"{"scenario": {"name": "orders", "next_state": "ordered"}, "request": {"method": "POST", "path": "/api/v1/orders"}, "response": {"data": {"id": 1}}}"#, id: 2)
        let one = try Fixture.stub(#"{"scenario": {"name": "orders", "state": "ordered"}, "request": {"method": "GET", "path": "/api/v1/orders"}, "response": {"data": [{"id": 1}]}}"#, id: 3)
        let matcher = StubMatcher(stubs: [one, create, empty])
        let list = MockRequest(method: "GET", path: "/api/v1/orders")
        #expect(matcher.match(list, scenarios: scenarios).stubID == 1)
        guard case .matched(let stub, _) = matcher.match(MockRequest(method: "POST", path: "/api/v1/orders"), scenarios: scenarios),
              let step = stub.scenario, let next = step.nextState else {
            Issue.record("the POST did not match a stub that moves the scenario")
            return
        }
        #expect(scenarios.advance(step.name, from: step.state, to: next))
        #expect(scenarios.state(of: "orders") == "ordered")
        #expect(matcher.match(list, scenarios: scenarios).stubID == 3)
        scenarios.reset("orders")
        #expect(matcher.match(list, scenarios: scenarios).stubID == 1)
    }

    @Test("advance moves only from the expected state, so of two racing answers one moves it")
    func compareAndSet() throws {
        let scenarios = ScenarioStore()
        #expect(scenarios.advance("pay", from: "Started", to: "paid"))
        #expect(!scenarios.advance("pay", from: "Started", to: "paid twice"))
        #expect(scenarios.state(of: "pay") == "paid")
        let moved = LockedCounter()
        let racing = ScenarioStore()
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            if racing.advance("race", from: "Started", to: "won") { moved.increment() }
        }
        #expect(moved.value == 1)
    }

    @Test("read, set and reset; registered scenarios are listed in their initial state")
    func store() throws {
        let scenarios = ScenarioStore()
        scenarios.register(["orders", "cart"])
        try scenarios.set("cart", to: "full")
        #expect(scenarios.all().map { "\($0.name)=\($0.state)" } == ["orders=Started", "cart=full"])
        scenarios.resetAll()
        #expect(scenarios.state(of: "cart") == "Started")
        #expect(throws: DefinitionError(field: "state", rule: "must be 1 to 128 bytes without '/' or a line break")) {
            try scenarios.set("cart", to: "")
        }
        #expect(scenarios.isKnown("cart") && !scenarios.isKnown("other"))
        try scenarios.set("cart", to: "full")
        scenarios.restart(knowing: ["orders"])
        #expect(scenarios.all().map { "\($0.name)=\($0.state)" } == ["orders=Started"])
    }

    @Test("a scenario step needs a name and a state or a next state")
    func malformedStep() {
        #expect(Fixture.refusal(#"{"scenario": {"name": "orders"}, "method": "GET", "path": "/api/v1/a"}"#)?.field == "scenario")
        #expect(Fixture.refusal(#"{"scenario": {"state": "x"}, "method": "GET", "path": "/api/v1/a"}"#)?.field == "scenario.name")
        #expect(Fixture.refusal(#"{"scenario": {"name": "a/b", "state": "x"}, "method": "GET", "path": "/api/v1/a"}"#)?.field == "scenario.name")
        #expect(Fixture.refusal(#"{"scenario": {"name": "o", "state": "x", "next": "y"}, "method": "GET", "path": "/api/v1/a"}"#)?.field == "scenario.next")
    }
}

/// A counter several threads increment.
private final class LockedCounter: Sendable {
    private let count = System.LockedValue(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
