/// How many wrong passwords a login may get before it is refused for a while (10429).
public struct LoginThrottlePolicy: Sendable, Equatable {
    /// Wrong passwords allowed for one phone number within the window (default 5); one client
    /// address is allowed `addressMultiplier` times as many, across phone numbers.
    public var maxFailures: Int
    /// The window, in seconds, counted from the first wrong password (default 300).
    public var windowSeconds: Int64
    /// How many more failures one address may have than one phone number.
    public static let addressMultiplier = 4

    /// A policy of `maxFailures` wrong passwords per `windowSeconds`.
    public init(maxFailures: Int = 5, windowSeconds: Int64 = 300) {
        self.maxFailures = maxFailures
        self.windowSeconds = windowSeconds
    }
}
