import HTTPCore
import Testing

@testable import HTTPServer

/// What a server's configuration means for each connection and for the loops' timer sweeps.
@Suite struct ServerConfigurationTests {
    @Test func eachConnectionObeysTheServersLimitsWithTimesInNanoseconds() {
        var configuration = ServerConfiguration()
        configuration.maxPendingOutputBytes = 12_345
        configuration.headerTimeout = .milliseconds(1500)
        configuration.bodyTimeout = .seconds(7)
        configuration.idleTimeout = .microseconds(250)
        configuration.lingerTimeout = .nanoseconds(3)
        let machine = configuration.connectionConfiguration
        #expect(machine.maxPendingOutputBytes == 12_345)
        #expect(machine.headerTimeout == 1_500 * 1_000_000)
        #expect(machine.bodyTimeout == 7 * 1_000_000_000)
        #expect(machine.idleTimeout == 250 * 1_000)
        #expect(machine.lingerTimeout == 3)
    }

    @Test(arguments: [UInt64(1), 4_000_000, 20_000_000, 21_000_000, 400_000_000, 4_000_000_000, 4_000_000_001])
    func theSweepRunsAtAQuarterOfTheShortestTimeoutBetween5MillisecondsAndASecond(shortest: UInt64) {
        let longer = shortest + 1_000_000_000
        let timeouts = [shortest, longer, longer + 1, longer + 2]
        // The shortest timeout in each position in turn.
        for rotation in 0..<4 {
            let rotated = Array(timeouts[rotation...] + timeouts[..<rotation])
            let machine = ConnectionStateMachine.Configuration(
                headerTimeout: rotated[0],
                bodyTimeout: rotated[1],
                idleTimeout: rotated[2],
                lingerTimeout: rotated[3]
            )
            let interval = machine.sweepInterval
            #expect(interval >= 5_000_000 && interval <= 1_000_000_000)
            if shortest / 4 >= 5_000_000 && shortest / 4 <= 1_000_000_000 {
                #expect(interval == shortest / 4)
            } else {
                #expect(interval == (shortest / 4 < 5_000_000 ? 5_000_000 : 1_000_000_000))
            }
        }
    }

    @Test func theDefaultsSweepEveryHalfSecond() {
        // The linger timeout, 2 s, is the shortest default.
        #expect(ServerConfiguration().connectionConfiguration.sweepInterval == 500_000_000)
    }
}
