import JSON
import Synchronization
import System

/// What an `AdminRegistry` holds: faults or stubs.
protocol AdminRegistryItem: Sendable {
    /// The id the registry gave it.
    var id: Int { get }
    /// How many more requests it applies to; nil means until removed.
    var times: Int? { get set }
    /// The item as the admin API shows it.
    var json: JSONValue { get }
}

/// The faults or the stubs, shared by every event loop: added, listed and removed by the admin
/// API, and claimed by matching requests. The newest item that matches wins. While the registry
/// is empty, requests look at it without taking its lock.
final class AdminRegistry<Item: AdminRegistryItem>: Sendable {
    private struct State {
        /// Oldest first.
        var items: [Item]
        var nextID: Int
        /// Goes up whenever an item is added or removed (what a cache of the items compares).
        var generation = 0
    }

    /// The items loaded at start, which `restore()` brings back.
    private let initial: [Item]
    private let state: LockedValue<State>
    private let itemCount: Atomic<Int>

    /// A registry holding `initial`, whose ids must be 1, 2, 3, ...
    init(initial: [Item] = []) {
        self.initial = initial
        state = LockedValue(State(items: initial, nextID: initial.count + 1))
        itemCount = Atomic(initial.count)
    }

    /// Adds the item `make` builds with a new id, and returns it; nothing is added when `make` throws.
    func add<Failure: Error>(_ make: (Int) throws(Failure) -> Item) throws(Failure) -> Item {
        try state.withLock { (state) throws(Failure) -> Item in
            let item = try make(state.nextID)
            state.nextID += 1
            state.items.append(item)
            state.generation += 1
            itemCount.store(state.items.count, ordering: .relaxed)
            return item
        }
    }

    /// Every item, oldest first.
    var all: [Item] { state.withLock { $0.items } }

    /// Whether the registry holds no item (read without the lock).
    var isEmpty: Bool { itemCount.load(ordering: .relaxed) == 0 }

    /// The generation of the items (see `State.generation`).
    var generation: Int { state.withLock { $0.generation } }

    /// Every item, oldest first, with their generation.
    var versioned: (generation: Int, items: [Item]) { state.withLock { ($0.generation, $0.items) } }

    /// Removes the item with `id`; false when there is none.
    func remove(id: Int) -> Bool {
        state.withLock { state in
            guard let index = state.items.firstIndex(where: { $0.id == id }) else { return false }
            state.items.remove(at: index)
            state.generation += 1
            itemCount.store(state.items.count, ordering: .relaxed)
            return true
        }
    }

    /// Removes every item.
    func removeAll() {
        state.withLock { state in
            state.items.removeAll()
            state.generation += 1
            itemCount.store(0, ordering: .relaxed)
        }
    }

    /// Back to the items loaded at start, as they were then (ids keep growing for new items).
    func restore() {
        state.withLock { state in
            state.items = initial
            state.generation += 1
            itemCount.store(state.items.count, ordering: .relaxed)
        }
    }

    /// The newest item `matches` accepts, without using it up.
    func first(where matches: (Item) -> Bool) -> Item? {
        guard itemCount.load(ordering: .relaxed) > 0 else { return nil }
        return state.withLock { $0.items.last(where: matches) }
    }

    /// The newest item `matches` accepts, counted as used: its `times` goes down by one, and it
    /// is removed when that reaches zero.
    func claim(where matches: (Item) -> Bool) -> Item? {
        guard itemCount.load(ordering: .relaxed) > 0 else { return nil }
        return state.withLock { state in
            guard let index = state.items.lastIndex(where: matches) else { return nil }
            let item = state.items[index]
            if let times = item.times {
                if times <= 1 {
                    state.items.remove(at: index)
                    state.generation += 1
                    itemCount.store(state.items.count, ordering: .relaxed)
                } else {
                    state.items[index].times = times - 1
                }
            }
            return item
        }
    }
}
