/// A token bucket: up to `burst` events at once, then `perSecond` on average. Driven by the instants
/// it is given, so a test steps it with a manual clock.
public struct TokenBucket: Sendable, Equatable {
    /// The tokens the bucket holds when full.
    public let burst: Int
    /// The tokens added per second, up to `burst`.
    public let perSecond: Int
    /// Thousandths of a token, so that a rate below one token a millisecond still refills.
    private var milliTokens: Int64
    /// Up to when the refill is counted; nil before the first event.
    private var refilledUntil: Instant?

    /// A full bucket of `burst` tokens, refilled at `perSecond`.
    public init(burst: Int, perSecond: Int) {
        self.burst = max(0, burst)
        self.perSecond = max(0, perSecond)
        milliTokens = Int64(self.burst) * 1000
    }

    /// Takes one token at `now`: false when the bucket is empty (the event is over the limit).
    public mutating func take(now: Instant) -> Bool {
        if let refilledUntil {
            // Whole milliseconds only: the rest of one is counted at the next event.
            let elapsed = max(0, now.milliseconds(since: refilledUntil))
            milliTokens = min(Int64(burst) * 1000, milliTokens + elapsed * Int64(perSecond))
            self.refilledUntil = refilledUntil.adding(milliseconds: elapsed)
        } else {
            refilledUntil = now
        }
        guard milliTokens >= 1000 else { return false }
        milliTokens -= 1000
        return true
    }
}
