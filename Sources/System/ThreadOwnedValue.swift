/// A value that one thread owns, kept behind a pointer of its own rather than in a class's stored
/// property.
///
/// Every access to a class's stored `var` gets Swift's run-time exclusivity check, and one whose
/// scope holds a call the compiler cannot see into (a system call, a closure) is also recorded in
/// the thread's access set: about 80 instructions each. An access through `value` gets none, as
/// with `UnsafeMutablePointer.pointee`. So only a value whose accesses cannot overlap by
/// construction belongs here: touched by one thread, and never handed `inout` to code that may
/// reach the same box again. The event loop's scratch buffers are lent by moving them out of their
/// box (`EventLoop.withPlaintextBuffer`), so that a nested use would find an empty buffer, not the
/// one in use. `LockedValue` is the counterpart for a value several threads share.
public final class ThreadOwnedValue<Value> {
    private let storage: UnsafeMutablePointer<Value>

    /// A box holding `initialValue`.
    public init(_ initialValue: Value) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: initialValue)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// The value, read and changed in place.
    public var value: Value {
        unsafeAddress { UnsafePointer(storage) }
        unsafeMutableAddress { storage }
    }
}
