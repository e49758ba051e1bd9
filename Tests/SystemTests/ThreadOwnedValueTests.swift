import System
import Testing

@Suite("ThreadOwnedValue")
struct ThreadOwnedValueTests {
    /// Counts its instances, so that a test sees whether the box released what it held.
    final class Tracked {
        nonisolated(unsafe) static var alive = 0
        init() { Self.alive += 1 }
        deinit { Self.alive -= 1 }
    }

    @Test("changes happen in place: a buffer appended to through the box keeps its storage")
    func changesInPlace() {
        let box = ThreadOwnedValue<[UInt8]>([])
        box.value.reserveCapacity(64)
        let storage = box.value.withUnsafeBufferPointer { $0.baseAddress }
        for byte in 0..<64 { box.value.append(UInt8(byte)) }
        #expect(box.value.count == 64)
        #expect(box.value.withUnsafeBufferPointer { $0.baseAddress } == storage)
        box.value.removeAll(keepingCapacity: true)
        #expect(box.value.isEmpty && box.value.capacity >= 64)
    }

    @Test("the box releases its value when it goes away, and a replaced value when replaced")
    func releasesItsValue() {
        let before = Tracked.alive
        var box: ThreadOwnedValue<[Tracked]>? = ThreadOwnedValue([Tracked(), Tracked()])
        #expect(Tracked.alive == before + 2)
        box?.value = [Tracked()]
        #expect(Tracked.alive == before + 1)
        box = nil
        #expect(Tracked.alive == before)
    }
}
