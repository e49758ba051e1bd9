#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value shared between threads, reached only through `withLock`.
///
/// It plays the part of `Synchronization.Mutex`, on a `pthread_mutex_t`. The reason is
/// ThreadSanitizer: `Mutex` waits on a futex inside the uninstrumented standard library, so under
/// contention TSan misses the happens-before edge and reports the protected value as a race.
/// TSan intercepts pthread mutexes, so every run of the sanitizer sees what the lock orders.
public final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// A lock guarding `initialValue`.
    public init(_ initialValue: Value) {
        value = initialValue
        mutex = .allocate(capacity: 1)
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value while holding the lock; `body` may change the value.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        let status = pthread_mutex_lock(mutex)
        precondition(status == 0, "pthread_mutex_lock failed with \(status)")
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
