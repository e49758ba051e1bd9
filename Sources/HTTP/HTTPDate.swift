/// Formats the IMF-fixdate of the `Date` header (RFC 9110 §5.6.7), e.g. "Sun, 06 Nov 1994 08:49:37 GMT".
public enum HTTPDate {
    private static let dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The IMF-fixdate of `unixSeconds` seconds after 1970-01-01T00:00:00Z (proleptic Gregorian calendar).
    public static func format(unixSeconds: Int) -> String {
        var days = unixSeconds / 86_400
        var secondOfDay = unixSeconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let date = civilDate(daysSinceEpoch: days)
        let weekday = (days % 7 + 7 + 4) % 7  // 1970-01-01 was a Thursday

        var text: [UInt8] = []
        text.reserveCapacity(29)
        text.append(contentsOf: dayNames[weekday].utf8)
        text.append(contentsOf: ", ".utf8)
        appendDigits(date.day, width: 2, to: &text)
        text.append(ASCII.space)
        text.append(contentsOf: monthNames[date.month - 1].utf8)
        text.append(ASCII.space)
        if date.year < 0 { text.append(UInt8(ascii: "-")) }
        appendDigits(abs(date.year), width: 4, to: &text)
        text.append(ASCII.space)
        appendDigits(secondOfDay / 3600, width: 2, to: &text)
        text.append(ASCII.colon)
        appendDigits(secondOfDay / 60 % 60, width: 2, to: &text)
        text.append(ASCII.colon)
        appendDigits(secondOfDay % 60, width: 2, to: &text)
        text.append(contentsOf: " GMT".utf8)
        return String(decoding: text, as: UTF8.self)
    }

    /// The Gregorian date `days` days after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    private static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468  // days since 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchMonth = (5 * dayOfYear + 2) / 153  // 0 = March
        let day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
        let month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Appends a non-negative `value` in decimal, zero-padded to at least `width` digits.
    private static func appendDigits(_ value: Int, width: Int, to text: inout [UInt8]) {
        let start = text.count
        MessageWriter.writeDecimal(value, into: &text)
        let padding = width - (text.count - start)
        if padding > 0 {
            text.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: padding), at: start)
        }
    }
}
