/// An answer that is worked out away from the event loop (a proxied request's upstream call) and
/// delivered later on the connection's loop, like a fault's delayed answer.
///
/// `work` runs once, on the loop, when the connection is ready to wait; it hands its `Result` to the
/// callback from any thread. `finish` then runs on the connection's loop with that result and returns
/// the plan the connection delivers (immediately, or late again). Nothing is delivered when the
/// connection closed meanwhile; `finish` still runs, so the answer is recorded.
public final class DeferredAnswer: @unchecked Sendable {
    // Unchecked: made on a loop and started there once; `finish` only ever runs back on that loop.
    private let start: (_ loop: EventLoop, _ deliver: @escaping (ResponsePlan) -> Void) -> Void

    /// An answer that `work` produces and `finish` turns into the plan.
    public init<Result: Sendable>(work: @escaping @Sendable (_ done: @escaping @Sendable (Result) -> Void) -> Void,
                                  finish: @escaping (Result) -> ResponsePlan) {
        start = { loop, deliver in
            let onLoop = LoopBound(value: (finish, deliver))
            work { result in
                loop.execute {
                    let (finish, deliver) = onLoop.value
                    deliver(finish(result))
                }
            }
        }
    }

    /// Starts the work; `deliver` gets the plan on `loop`'s thread.
    func start(on loop: EventLoop, deliver: @escaping (ResponsePlan) -> Void) {
        start(loop, deliver)
    }
}

/// A value that crosses to another thread only to come back and be used on the loop that made it.
private struct LoopBound<Value>: @unchecked Sendable {
    let value: Value
}
