import JSON
import Testing
@testable import Backend

/// What a journal entry keeps of large values: cut strings with their full length, and
/// containers that say how many elements they left out.
@Suite struct ValueBudgetTests {
    private func bounded(_ value: JSONValue, bytes: Int) -> JSONValue {
        var budget = ValueBudget(bytes: bytes)
        return budget.bounded(value)
    }

    @Test func aLongStringIsCutOnACharacterWithItsFullLength() {
        let text = "a" + String(repeating: "é", count: 3000)
        #expect(bounded(.string(text), bytes: 100_000) == .string("a" + String(repeating: "é", count: 2047) + "…(6001 bytes)"))
        #expect(bounded(.string("short"), bytes: 100_000) == "short")
    }

    @Test func anArrayStopsWhereTheBudgetIsSpent() {
        let value = JSONValue.array((0..<1000).map { _ in .string(String(repeating: "k", count: 100)) })
        guard case .array(let kept) = bounded(value, bytes: 1_000) else { Issue.record("not an array"); return }
        #expect(kept.count == 11)
        #expect(kept.last == "…(990 more)")
    }

    @Test func anObjectCutsLongNamesAndSaysHowManyMembersItLeftOut() {
        let members = (0..<500).map { ("key\($0)" + String(repeating: "n", count: 5000), JSONValue.number(JSONNumber($0))) }
        guard case .object(let kept) = bounded(.object(JSONObject(members)), bytes: 10_000) else { Issue.record("not an object"); return }
        #expect(kept.count == 4)
        #expect(kept.keys.first?.hasSuffix("…(5004 bytes)") == true)
        #expect(kept["…"] == "…(497 more)")
    }

    @Test func aNumberAPageLongIsShownCut() throws {
        let number = try #require(JSONNumber(text: String(repeating: "7", count: 10_000)))
        #expect(bounded(.array([.number(number)]), bytes: 100_000).arrayValue?.first?.stringValue?.hasSuffix("…(10000 bytes)") == true)
    }
}
