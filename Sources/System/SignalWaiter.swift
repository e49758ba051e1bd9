import Glibc

/// Process signals a server reacts to.
public enum ProcessSignal: Sendable {
    /// `SIGTERM` or `SIGINT`: shut down gracefully.
    case terminate
    /// `SIGHUP`: reload the certificates.
    case reload
}

/// Blocks `SIGTERM`, `SIGINT` and `SIGHUP` for the whole process and waits for them synchronously on
/// one thread (with `sigwait`), so no handler ever runs in an async-signal context.
public enum SignalWaiter {
    /// Blocks the signals in the calling thread; threads started afterwards inherit the mask.
    /// Call before starting any other thread.
    public static func blockSignals() {
        var set = signals()
        pthread_sigmask(SIG_BLOCK, &set, nil)
        // A client that disconnects while we write must not kill the process.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Waits for the next signal of interest.
    public static func next() -> ProcessSignal {
        var set = signals()
        while true {
            var received: Int32 = 0
            guard sigwait(&set, &received) == 0 else { continue }
            switch received {
            case SIGHUP: return .reload
            case SIGTERM, SIGINT: return .terminate
            default: continue
            }
        }
    }

    private static func signals() -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGHUP)
        return set
    }
}
