/// Formats the HTTP date of RFC 9110 §5.6.7 (IMF-fixdate) from epoch seconds, without Foundation.
public enum IMFFixdate {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Formats a time, e.g. `Sun, 06 Nov 1994 08:49:37 GMT` for `784111777`.
    ///
    /// - Parameter epochSeconds: Seconds since 1970-01-01 00:00:00 UTC; may be negative.
    /// - Returns: The IMF-fixdate string.
    public static func format(epochSeconds: Int) -> String {
        let days = Self.floorDivide(epochSeconds, 86_400)
        let secondOfDay = epochSeconds - days * 86_400
        let (year, month, day) = Self.civilDate(daysSinceEpoch: days)
        // 1970-01-01 was a Thursday, the first entry of `weekdays`.
        let weekday = Self.weekdays[((days % 7) + 7) % 7]
        return "\(weekday), \(Self.twoDigits(day)) \(Self.months[month - 1]) \(year) "
            + "\(Self.twoDigits(secondOfDay / 3600)):\(Self.twoDigits(secondOfDay % 3600 / 60)):"
            + "\(Self.twoDigits(secondOfDay % 60)) GMT"
    }

    /// Howard Hinnant's `civil_from_days`: the proleptic Gregorian date of a day count from 1970-01-01.
    ///
    /// - Parameter daysSinceEpoch: Days since 1970-01-01; negative for earlier dates.
    /// - Returns: The year, month (1–12) and day (1–31).
    public static func civilDate(daysSinceEpoch: Int) -> (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = Self.floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : (a - b + 1) / b
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
