import LayoutService
import Testing

@Suite struct RequestLogTests {
    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00.000Z"),
        (951_782_400.5, "2000-02-29T00:00:00.500Z"),
        (1_795_957_291.123, "2026-11-29T13:01:31.123Z"),
        (-0.001, "1969-12-31T23:59:59.999Z"),
    ])
    func timestampsAreRFC3339InUTC(seconds: Double, expected: String) {
        #expect(RequestLog.timestamp(epochSeconds: seconds) == expected)
    }
}
