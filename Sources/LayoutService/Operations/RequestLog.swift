import Foundation
import HTTPCore

/// Formats the one line logged per request: time, request id, method, path, status and duration.
enum RequestLog {
    /// The line for one answered request, e.g.
    /// `2026-11-29T20:01:31.123Z 9f2c01d4aa0e7b31 POST /layout/flow 200 1.234ms`.
    static func line(request: Request, requestID: String, status: Int, seconds: Double) -> String {
        let time = Self.timestamp(Date().timeIntervalSince1970)
        let milliseconds = (seconds * 1_000_000).rounded() / 1000
        var path = String(request.path.prefix(256))
        path.unicodeScalars.removeAll { $0.value < 0x21 || $0.value == 0x7F }
        return "\(time) \(requestID) \(request.method.rawValue) \(path) \(status) \(milliseconds)ms"
    }

    /// RFC 3339 UTC time with milliseconds for `epochSeconds`.
    static func timestamp(_ epochSeconds: Double) -> String {
        let totalMilliseconds = Int64((epochSeconds * 1000).rounded(.down))
        let days = Int(totalMilliseconds.quotientAndRemainder(dividingBy: 86_400_000).quotient)
        let dayMilliseconds = Int(totalMilliseconds - Int64(days) * 86_400_000)
        let (year, month, day) = Self.civilDate(daysSinceEpoch: days)
        let hour = dayMilliseconds / 3_600_000
        let minute = dayMilliseconds / 60_000 % 60
        let second = dayMilliseconds / 1000 % 60
        let millisecond = dayMilliseconds % 1000
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))."
            + "\(pad(millisecond, 3))Z"
    }

    /// The proleptic Gregorian date of a day count from 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civilDate(daysSinceEpoch: Int) -> (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
