/// A date in the proleptic Gregorian calendar, as the check-in `day` (`YYYY-MM-DD`).
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let daysSinceEpoch: Int

    /// The day `daysSinceEpoch` days after 1970-01-01.
    public init(daysSinceEpoch: Int) { self.daysSinceEpoch = daysSinceEpoch }

    /// The day from its `YYYY-MM-DD` text, or nil.
    public init?(_ text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        // Howard Hinnant's days_from_civil.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        daysSinceEpoch = era * 146_097 + dayOfEra - 719_468
    }

    /// The day before.
    public var previous: CalendarDay { CalendarDay(daysSinceEpoch: daysSinceEpoch - 1) }

    /// `YYYY-MM-DD`.
    public var description: String {
        // Howard Hinnant's civil_from_days.
        let shifted = daysSinceEpoch + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    private func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
