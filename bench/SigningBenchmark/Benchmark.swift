import Glibc

/// Runs an operation over and over for a fixed time on the calling thread and reports its rate.
struct Benchmark {
    /// How long each measurement runs, in seconds (after a short warm-up).
    let seconds: Double
    /// Folds every result in, so that the optimizer cannot drop the work; printed at the end.
    private(set) var checksum = 0

    init(seconds: Double) {
        self.seconds = seconds
    }

    /// Runs of `operation` per second on one core. `operation` returns a value derived from its work.
    mutating func rate(_ operation: () -> Int) -> Double {
        _ = run(operation, for: seconds / 10)
        return run(operation, for: seconds)
    }

    private mutating func run(_ operation: () -> Int, for duration: Double) -> Double {
        let batch = 1_000
        let start = Self.now()
        var elapsed = 0.0
        var runs = 0
        while elapsed < duration {
            for _ in 0..<batch { checksum &+= operation() }
            runs += batch
            elapsed = Self.now() - start
        }
        return Double(runs) / elapsed
    }

    /// Monotonic time in seconds.
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
