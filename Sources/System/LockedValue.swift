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
///
/// The value lives behind a pointer of its own rather than in a stored property: the mutex already
/// makes every access exclusive, and a property handed `inout` to `body` would add the run-time
/// exclusivity check of a class's property to every use (about 100 instructions; a check-in
/// takes four locks). As with any non-recursive lock, `body` must not take the same lock again.
public final class LockedValue<Value: ~Copyable & Sendable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    /// A lock guarding `initialValue`.
    public init(_ initialValue: consuming Value) {
        value = .allocate(capacity: 1)
        value.initialize(to: initialValue)
        mutex = .allocate(capacity: 1)
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with the value while holding the lock; `body` may change the value.
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        let status = pthread_mutex_lock(mutex)
        precondition(status == 0, "pthread_mutex_lock failed with \(status)")
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
