import System

/// Holds the context new connections use, so that certificates can be reloaded while the server runs:
/// `replace(with:)` swaps it atomically, and connections already made keep the context they started with.
public final class TLSContextBox: Sendable {
    private let context: LockedValue<TLSContext>

    /// Creates a box holding `context`.
    public init(_ context: TLSContext) {
        self.context = LockedValue(context)
    }

    /// The context for the next connection.
    public var current: TLSContext {
        context.withLock { $0 }
    }

    /// Makes `newContext` the context of every later connection.
    public func replace(with newContext: TLSContext) {
        context.withLock { $0 = newContext }
    }
}
