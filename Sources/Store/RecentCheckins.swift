/// A user's latest check-ins, as `Store.recentCheckins(userID:limit:)` reads them.
public struct RecentCheckins: Sendable, Equatable {
    /// Their days (`YYYY-MM-DD`), newest first.
    public let days: [String]
    /// When the newest happened, in Unix seconds; nil when there is none.
    public let lastCheckinAt: Int64?
}
