import System

/// Tasks scheduled on one event loop at an instant, ordered by deadline (a binary min-heap).
///
/// Only the loop's own thread touches it, so tasks need not be `Sendable`.
struct TimerQueue {
    private struct Entry {
        let deadline: Instant
        let sequence: UInt64
        let task: () -> Void
    }

    private var heap: [Entry] = []
    private var nextSequence: UInt64 = 0

    /// The earliest deadline, if any task is waiting.
    var nextDeadline: Instant? { heap.first?.deadline }

    var isEmpty: Bool { heap.isEmpty }

    /// Adds `task` to run at `deadline`; tasks with equal deadlines run in the order they were added.
    mutating func schedule(at deadline: Instant, _ task: @escaping () -> Void) {
        heap.append(Entry(deadline: deadline, sequence: nextSequence, task: task))
        nextSequence += 1
        siftUp(heap.count - 1)
    }

    /// Removes and returns the tasks whose deadline is at or before `now`, earliest first.
    mutating func popDue(now: Instant) -> [() -> Void] {
        var due: [() -> Void] = []
        while let first = heap.first, first.deadline <= now {
            due.append(first.task)
            heap.swapAt(0, heap.count - 1)
            heap.removeLast()
            if !heap.isEmpty { siftDown(0) }
        }
        return due
    }

    private func precedes(_ a: Int, _ b: Int) -> Bool {
        (heap[a].deadline, heap[a].sequence) < (heap[b].deadline, heap[b].sequence)
    }

    private mutating func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(child, parent) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count && precedes(left, smallest) { smallest = left }
            if right < heap.count && precedes(right, smallest) { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
