import Glibc
import Synchronization

/// Holds threads back until all have arrived, so that their work overlaps.
private final class StartGate: Sendable {
    private let arrived = Atomic<Int>(0)
    private let expected: Int

    init(expected: Int) {
        self.expected = expected
    }

    func arriveAndWait() {
        arrived.add(1, ordering: .acquiringAndReleasing)
        while arrived.load(ordering: .acquiring) < expected {
            sched_yield()
        }
    }

    /// Lets every waiting thread go (when a thread could not be started).
    func open() {
        arrived.store(expected, ordering: .releasing)
    }
}

private final class ThreadWork: Sendable {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) {
        self.run = run
    }
}

/// Runs `body(0)` ... `body(count - 1)` on `count` new threads that start at the same
/// moment, and returns when all have finished.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) throws {
    let gate = StartGate(expected: count)
    var threads: [pthread_t] = []
    defer {
        for thread in threads {
            pthread_join(thread, nil)
        }
    }
    for index in 0..<count {
        let work = Unmanaged.passRetained(ThreadWork {
            gate.arriveAndWait()
            body(index)
        })
        var thread = pthread_t()
        let code = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<ThreadWork>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, work.toOpaque())
        guard code == 0 else {
            work.release()
            gate.open()
            throw SystemCallFailure(call: "pthread_create", path: "", errno: code)
        }
        threads.append(thread)
    }
}
