import System
import Testing
@testable import Transport

@Suite struct TimerQueueTests {
    @Test func dueTasksRunInDeadlineOrderThenInsertionOrder() {
        var queue = TimerQueue()
        var ran: [String] = []
        let base = Instant(nanoseconds: 0)
        queue.schedule(at: base.adding(milliseconds: 30)) { ran.append("c") }
        queue.schedule(at: base.adding(milliseconds: 10)) { ran.append("a") }
        queue.schedule(at: base.adding(milliseconds: 20)) { ran.append("b1") }
        queue.schedule(at: base.adding(milliseconds: 20)) { ran.append("b2") }
        queue.schedule(at: base.adding(milliseconds: 99)) { ran.append("late") }
        for task in queue.popDue(now: base.adding(milliseconds: 30)) { task() }
        #expect(ran == ["a", "b1", "b2", "c"])
        #expect(queue.nextDeadline == base.adding(milliseconds: 99))
    }

    @Test func manyRandomDeadlinesComeOutSorted() {
        var queue = TimerQueue()
        var generator = SystemRandomNumberGenerator()
        var popped: [Int64] = []
        for _ in 0..<500 {
            let deadline = Int64.random(in: 0..<10_000, using: &generator)
            queue.schedule(at: Instant(nanoseconds: deadline)) { popped.append(deadline) }
        }
        for task in queue.popDue(now: Instant(nanoseconds: 10_000)) { task() }
        #expect(popped.count == 500)
        #expect(popped == popped.sorted())
        #expect(queue.isEmpty)
    }
}
