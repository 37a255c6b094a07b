import HTTPCore

/// Formats the one line logged per request (request id, method, path, status, duration) and the time stamp the
/// log sink puts before every line.
public enum RequestLog {
    /// The line for one answered request, e.g. `9f2c01d4aa0e7b31 POST /layout/flow 200 1.234ms`.
    ///
    /// The path is cut at 256 characters and stripped of control characters and spaces, so one request makes one
    /// line whatever its target holds.
    static func line(request: Request, requestID: String, status: Int, seconds: Double) -> String {
        let milliseconds = (seconds * 1_000_000).rounded() / 1000
        var path = String(request.path.prefix(256))
        path.unicodeScalars.removeAll { $0.value < 0x21 || $0.value == 0x7F }
        return "\(requestID) \(request.method.rawValue) \(path) \(status) \(milliseconds)ms"
    }

    /// RFC 3339 UTC time with milliseconds, e.g. `2026-11-29T20:01:31.123Z`.
    ///
    /// - Parameter epochSeconds: Seconds since 1970-01-01T00:00:00Z.
    /// - Returns: The time stamp.
    public static func timestamp(epochSeconds: Double) -> String {
        let totalMilliseconds = Int((epochSeconds * 1000).rounded(.down))
        let (days, dayMilliseconds) = Self.floorDivision(totalMilliseconds, 86_400_000)
        let (year, month, day) = IMFFixdate.civilDate(daysSinceEpoch: days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(dayMilliseconds / 3_600_000, 2)):"
            + "\(pad(dayMilliseconds / 60_000 % 60, 2)):\(pad(dayMilliseconds / 1000 % 60, 2))."
            + "\(pad(dayMilliseconds % 1000, 3))Z"
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let remainder = ((value % divisor) + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }
}
