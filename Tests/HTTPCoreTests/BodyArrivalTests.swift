@testable import HTTPCore
import Synchronization
import Testing

/// A body's arrival: a reader waits for the bytes it asks for and is woken when they are written, when the body is
/// abandoned, or gives up; the early reader's result reaches the request's answer once, or its work never runs.
@Suite struct BodyArrivalTests {
    @Test func bytesAlreadyWrittenAreGrantedWithoutWaiting() {
        let arrival = BodyArrival(count: 1000, received: 600)
        #expect(arrival.waitForBytes(atLeast: 500) == 600)
        #expect(arrival.waitForBytes(atLeast: 5000) == 600 || arrival.isAbandoned)
    }

    @Test func aReaderSleepsUntilTheBytesItAskedForAreWritten() {
        let arrival = BodyArrival(count: 1000, received: 10)
        let granted = Atomic<Int>(-1)
        let reader = TestThread {
            granted.store(arrival.waitForBytes(atLeast: 700), ordering: .sequentiallyConsistent)
        }
        TestThread.yield { arrival.awaitedCount == 700 }
        // Fewer than asked for: the reader sleeps on.
        arrival.publish(received: 400)
        #expect(granted.load(ordering: .sequentiallyConsistent) == -1 || arrival.awaitedCount == nil)
        arrival.publish(received: 750)
        reader.join()
        #expect(granted.load(ordering: .sequentiallyConsistent) >= 700)
        #expect(arrival.awaitedCount == nil)
    }

    @Test func completingWakesAReaderAskingForEverything() {
        let arrival = BodyArrival(count: 1000, received: 0)
        let granted = Atomic<Int>(-1)
        let reader = TestThread {
            granted.store(arrival.waitForBytes(atLeast: .max), ordering: .sequentiallyConsistent)
        }
        TestThread.yield { arrival.awaitedCount != nil }
        arrival.complete()
        reader.join()
        #expect(granted.load(ordering: .sequentiallyConsistent) == 1000)
        #expect(arrival.isComplete && !arrival.isAbandoned)
    }

    @Test func abandoningWakesAReaderWithWhatWasWritten() {
        let arrival = BodyArrival(count: 1000, received: 10)
        let granted = Atomic<Int>(-1)
        let reader = TestThread {
            granted.store(arrival.waitForBytes(atLeast: 900), ordering: .sequentiallyConsistent)
        }
        TestThread.yield { arrival.awaitedCount != nil }
        arrival.publish(received: 20)
        arrival.abandon()
        reader.join()
        #expect(granted.load(ordering: .sequentiallyConsistent) == 20)
        // Abandoned stays abandoned: a later completion changes nothing, and nobody waits any more.
        arrival.complete()
        #expect(arrival.isAbandoned && !arrival.isComplete)
        #expect(arrival.waitForBytes(atLeast: 1000) == 1000)
    }

    @Test func aCompletedBodyIsNeverAbandoned() {
        let arrival = BodyArrival(count: 10, received: 0)
        arrival.complete()
        arrival.abandon()
        #expect(arrival.isComplete && !arrival.isAbandoned)
    }

    @Test func theEarlyResultReachesTheAnswerOnce() {
        let arrival = BodyArrival(count: 10, received: 10)
        arrival.runEarly { 42 }
        #expect(arrival.takeEarlyResult() as? Int == 42)
        // A second early run never replaces it.
        arrival.runEarly { 7 }
        #expect(arrival.takeEarlyResult() as? Int == 42)
    }

    @Test func anAnswerBeforeTheEarlyReaderStartsClaimsItsWork() {
        let arrival = BodyArrival(count: 10, received: 10)
        #expect(arrival.takeEarlyResult() == nil)
        var ran = false
        arrival.runEarly {
            ran = true
            return 1
        }
        #expect(!ran)
        #expect(arrival.takeEarlyResult() == nil)
    }

    @Test func anAnswerWaitsForARunningEarlyReader() {
        let arrival = BodyArrival(count: 1000, received: 0)
        let early = TestThread {
            arrival.runEarly { arrival.waitForBytes(atLeast: .max) }
        }
        TestThread.yield { arrival.awaitedCount != nil }
        arrival.complete()
        // Whether the reader published yet or not, the answer gets its result.
        #expect(arrival.takeEarlyResult() as? Int == 1000)
        early.join()
    }

    @Test func aGaveUpEarlyReaderLeavesNoResult() {
        let arrival = BodyArrival(count: 1000, received: 0)
        arrival.abandon()
        arrival.runEarly { nil }
        #expect(arrival.takeEarlyResult() == nil)
    }
}
