import Store
import System

/// The logged-in user of a request, from its bearer token. A class: the session cache hands the
/// same session to every request of the token, which then shares it instead of copying its strings,
/// and what one request read for the user, the next finds here.
final class Session {
    /// The user the token belongs to.
    let user: UserRecord
    /// The SHA-256 (hex) of the token, as stored.
    let tokenHash: String
    /// The user's recent check-ins (`Store.recentCheckins`), once a request has read them. They are
    /// as current as the session: the cache drops both when anything is written to the database.
    /// The days, from which each day's answer is computed (`checkinStatus` keeps it for that day).
    var recentCheckins: RecentCheckins?
    /// The check-in status as answered on `day` (the envelope's `data`, written): computed from
    /// `recentCheckins`, so as current as they are, and answered as it is until the day moves on.
    var checkinStatus: (day: CalendarDay, text: [UInt8])?

    init(user: UserRecord, tokenHash: String) {
        self.user = user
        self.tokenHash = tokenHash
    }
}
