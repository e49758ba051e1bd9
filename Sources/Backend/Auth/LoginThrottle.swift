import System

/// Counts wrong passwords per phone number and per client address across all event loops, and
/// says how long a login must wait once either has too many. Bounded: at most `maxTrackedKeys`
/// windows are kept; expired ones are dropped first, and past the bound the oldest are forgotten.
final class LoginThrottle: Sendable {
    private struct Window {
        var failures: Int
        let startedAt: Int64
    }

    /// The most phone numbers and addresses tracked at once.
    static let maxTrackedKeys = 100_000

    private let policy: LoginThrottlePolicy
    private let windows = LockedValue<[String: Window]>([:])

    init(policy: LoginThrottlePolicy) { self.policy = policy }

    /// Seconds until a login for `phone` from `address` may be tried again, or nil when it may now.
    func retryAfter(phone: String, address: String, now: Int64) -> Int64? {
        windows.withLock { windows in
            var wait: Int64?
            for (key, limit) in limits(phone: phone, address: address) {
                guard let window = windows[key] else { continue }
                let end = window.startedAt + policy.windowSeconds
                if now >= end {
                    windows[key] = nil
                } else if window.failures >= limit {
                    wait = max(wait ?? 0, end - now)
                }
            }
            return wait
        }
    }

    /// Counts a wrong password for `phone` from `address`.
    func recordFailure(phone: String, address: String, now: Int64) {
        windows.withLock { windows in
            for (key, _) in limits(phone: phone, address: address) {
                if let window = windows[key], now < window.startedAt + policy.windowSeconds {
                    windows[key]?.failures += 1
                } else {
                    windows[key] = Window(failures: 1, startedAt: now)
                }
            }
            guard windows.count > Self.maxTrackedKeys else { return }
            windows = windows.filter { now < $0.value.startedAt + policy.windowSeconds }
            if windows.count > Self.maxTrackedKeys {
                let newest = windows.sorted { $0.value.startedAt > $1.value.startedAt }.prefix(Self.maxTrackedKeys / 2)
                windows = Dictionary(uniqueKeysWithValues: newest.map { ($0.key, $0.value) })
            }
        }
    }

    /// A correct password clears the phone number's count (not the address's).
    func recordSuccess(phone: String) {
        windows.withLock { $0["phone:" + phone] = nil }
    }

    private func limits(phone: String, address: String) -> [(String, Int)] {
        [("phone:" + phone, policy.maxFailures), ("address:" + address, policy.maxFailures * LoginThrottlePolicy.addressMultiplier)]
    }
}
