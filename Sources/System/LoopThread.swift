import CLinux
import Glibc

/// A POSIX thread running one closure, joinable once (an event loop, or the request journal's writer).
public final class LoopThread: @unchecked Sendable {
    private var thread = pthread_t()

    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts `body` on a new thread named `name` (shown by `top -H` and debuggers).
    public init(name: String, _ body: @escaping @Sendable () -> Void) throws(SystemCallError) {
        let context = Unmanaged.passRetained(Body {
            cs_set_thread_name(name)
            body()
        }).toOpaque()
        let status = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw SystemCallError(call: "pthread_create", errorNumber: status)
        }
    }

    /// Waits for the thread to finish.
    public func join() {
        _ = pthread_join(thread, nil)
    }
}
