import JSON
import Store
import System

/// `/api/v1/checkin`: status, check in, history.
enum CheckinHandlers {
    /// How many recent days are read to compute a streak; a longer streak shows as this many.
    static let streakWindowDays = 366

    /// Computed for today from the session's recent check-ins, read once per session, and written
    /// once per session and day: a later request of the same day is answered the same text.
    static func status(_ context: APIRequestContext) throws(APIError) -> APIData {
        let session = try context.requireSession()
        let today = context.settings.timeZone.day(at: context.now)
        if let answered = session.checkinStatus, answered.day == today { return .jsonText(answered.text) }
        let recent: RecentCheckins
        if let known = session.recentCheckins {
            recent = known
        } else {
            recent = try storeCall { () throws(StoreError) in try context.store.recentCheckins(userID: session.user.id, limit: streakWindowDays) }
            session.recentCheckins = recent
        }
        var text: [UInt8] = []
        JSONObjectWriter.write(into: &text) { status in
            status.add("can_checkin", .bool(recent.days.first.map { $0 != today.description } ?? true))
            status.add("streak", integer: Int64(streak(days: recent.days, today: today)))
            status.add("last_checkin_at", integer: recent.lastCheckinAt)
        }
        session.checkinStatus = (today, text)
        return .jsonText(text)
    }

    static func checkIn(_ context: APIRequestContext) throws(APIError) -> JSONValue {
        let user = try context.requireSession().user
        let today = context.settings.timeZone.day(at: context.now)
        let checkin: CheckinRecord
        do {
            checkin = try context.store.insertCheckin(userID: user.id, day: today.description, deviceID: context.deviceID, createdAt: context.now)
        } catch .alreadyCheckedIn {
            throw APIError(.alreadyCheckedIn)
        } catch {
            throw APIError.internal(error)
        }
        let days = try storeCall { () throws(StoreError) in try context.store.recentCheckins(userID: user.id, limit: streakWindowDays) }.days
        return .object(JSONObject([
            ("checkin", Representations.checkin(checkin)),
            ("streak", .number(JSONNumber(Int64(streak(days: days, today: today))))),
        ]))
    }

    static func history(_ context: APIRequestContext) throws(APIError) -> JSONValue {
        let user = try context.requireSession().user
        let (page, size) = try context.pagination()
        let result = try storeCall { () throws(StoreError) in try context.store.checkinPage(userID: user.id, page: page, size: size) }
        return Representations.page(result.items.map(Representations.checkin), page: page, size: size, total: result.total)
    }

    /// Consecutive days ending at the latest check-in, when that is today or yesterday (a streak
    /// survives until the end of the day after its last check-in); 0 otherwise.
    static func streak(days: [String], today: CalendarDay) -> Int {
        guard let latest = days.first.flatMap(CalendarDay.init), latest == today || latest == today.previous else { return 0 }
        var expected = latest
        var count = 0
        for text in days {
            guard let day = CalendarDay(text), day == expected else { break }
            count += 1
            expected = day.previous
        }
        return count
    }
}
