import Dispatch
import System
import Testing

@Suite("LockedValue")
struct LockedValueTests {
    @Test("increments from many threads are all kept")
    func concurrentIncrements() {
        let counter = LockedValue(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test("withLock returns the body's result and rethrows its typed error")
    func resultsAndErrors() {
        struct Refused: Error, Equatable {}
        let names = LockedValue(["a"])
        let count = names.withLock { names in
            names.append("b")
            return names.count
        }
        #expect(count == 2)
        #expect(throws: Refused()) {
            try names.withLock { (_: inout [String]) throws(Refused) in throw Refused() }
        }
        #expect(names.withLock { $0 } == ["a", "b"])
    }
}
