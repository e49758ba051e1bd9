import HTTP
import Signing
import Store
import System

/// Replay protection (`--replay-window`): a request whose signature is valid must also carry an
/// `X-TIMESTAMP` within the window of the server's clock and an `X-NONCE` its app has not used
/// within the window. Both headers are signed (`BackendSettings.enableReplayProtection`), so
/// neither can be changed without the secret.
///
/// One per event loop, next to the loop's store. Nonces go to the shared `nonces` table, so a
/// replay is caught whichever loop receives it.
final class ReplayGuard {
    /// When the client signed the request, in Unix seconds.
    static let timestampHeader = "X-TIMESTAMP"
    /// A value the client never sends twice.
    static let nonceHeader = "X-NONCE"
    /// The headers replay protection requires and signs, in their canonical spelling.
    static let headers = [timestampHeader, nonceHeader]
    /// The accepted length of an `X-NONCE`, in characters (a UUID has 36).
    static let nonceLength = 8...128
    /// The accepted `X-TIMESTAMP` values: Unix seconds, at most 10 digits (13 digits are milliseconds).
    static let timestampRange = 0...9_999_999_999
    /// How often, at most, a loop deletes the nonces that aged out.
    private static let pruneIntervalSeconds: Int64 = 60

    private let windowSeconds: Int64
    private let store: Store
    private let clock: any WallClock
    /// When this loop prunes next (Unix seconds); its first request prunes what a previous run left.
    private var nextPruneAt = Int64.min

    /// The guard of one loop, or nil when replay protection is off (or signatures are never checked).
    init?(settings: BackendSettings, store: Store, clock: any WallClock) {
        guard let windowSeconds = settings.replayWindowSeconds, settings.signature != .off else { return nil }
        self.windowSeconds = windowSeconds
        self.store = store
        self.clock = clock
    }

    /// The first replay header missing from `headers`, for the 10001 of a request whose signature is checked.
    func missingHeader(in headers: HTTPHeaders) -> String? {
        Self.headers.first { headers[$0] == nil }
    }

    /// Admits a request of `appKey` whose signature is valid, or throws: 10005 for a malformed
    /// `X-TIMESTAMP` or `X-NONCE`, 10004 for a timestamp outside the window (with the skew) or a
    /// nonce already used. A rejected request does not use up its nonce.
    func admit(_ request: SignableRequest, appKey: String) throws(APIError) {
        let headers = request.headers
        let timestamp = try Self.timestamp(headers[Self.timestampHeader])
        let nonce = try Self.nonce(headers[Self.nonceHeader])
        let now = clock.unixSeconds()
        let skew = timestamp - now
        guard abs(skew) <= windowSeconds else {
            throw APIError(.requestExpired(skewSeconds: Int(skew)))
        }
        let unused = try storeCall { () throws(StoreError) -> Bool in
            if now >= nextPruneAt {
                nextPruneAt = now + Self.pruneIntervalSeconds
                try prune(now: now)
            }
            // Recorded under its timestamp: kept exactly as long as that request passes the window check.
            if try store.recordNonce(appKey: appKey, nonce: nonce, seenAt: timestamp) { return true }
            // Seen before, but perhaps longer ago than the window and not pruned yet: prune, then decide.
            try prune(now: now)
            return try store.recordNonce(appKey: appKey, nonce: nonce, seenAt: timestamp)
        }
        guard unused else { throw APIError(.nonceReused) }
    }

    private func prune(now: Int64) throws(StoreError) {
        try store.pruneNonces(olderThan: now - windowSeconds)
    }

    private static func timestamp(_ value: String?) throws(APIError) -> Int64 {
        let text = value?.trimmedHeaderValue ?? ""
        guard text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let seconds = Int(text), timestampRange.contains(seconds) else {
            throw .invalidParameter(timestampHeader, .integerRange(min: timestampRange.lowerBound, max: timestampRange.upperBound))
        }
        return Int64(seconds)
    }

    private static func nonce(_ value: String?) throws(APIError) -> String {
        let nonce = value?.trimmedHeaderValue ?? ""
        guard nonceLength.contains(nonce.count) else {
            throw .invalidParameter(nonceHeader, .length(min: nonceLength.lowerBound, max: nonceLength.upperBound))
        }
        return nonce
    }
}
