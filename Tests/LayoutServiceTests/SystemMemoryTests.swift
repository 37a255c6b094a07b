import LayoutService
import Testing

/// Reading the machine's and the cgroup's memory from the text of their files.
@Suite struct SystemMemoryTests {
    static let meminfo = "MemTotal:        8048576 kB\nMemFree:         1000000 kB\nMemAvailable:    5000000 kB\n"

    @Test func theMachinesMemoryIsMemTotal() {
        #expect(SystemMemory.totalBytes(meminfo: Self.meminfo, cgroupMemoryMax: nil) == 8_048_576 * 1024)
        #expect(SystemMemory.totalBytes(meminfo: Self.meminfo, cgroupMemoryMax: "max\n") == 8_048_576 * 1024)
    }

    @Test func aLowerCgroupLimitWins() {
        #expect(SystemMemory.totalBytes(meminfo: Self.meminfo, cgroupMemoryMax: "536870912\n") == 536_870_912)
        #expect(SystemMemory.totalBytes(meminfo: nil, cgroupMemoryMax: "536870912\n") == 536_870_912)
        let huge = "\(Int.max)\n"
        #expect(SystemMemory.totalBytes(meminfo: Self.meminfo, cgroupMemoryMax: huge) == 8_048_576 * 1024)
    }

    @Test func nothingReadableGivesNothing() {
        #expect(SystemMemory.totalBytes(meminfo: nil, cgroupMemoryMax: nil) == nil)
        #expect(SystemMemory.totalBytes(meminfo: "garbage", cgroupMemoryMax: "max") == nil)
        #expect(SystemMemory.totalBytes(meminfo: "MemTotal: -5 kB", cgroupMemoryMax: "0") == nil)
    }

    @Test func theDefaultBudgetIsAQuarterOfWhatThisMachineHas() {
        #expect(SystemMemory.totalBytes > 0)
        #expect(SystemMemory.defaultSessionBudget == SystemMemory.totalBytes / 4)
        #expect(ServiceConfiguration().maxSessionMemory == SystemMemory.defaultSessionBudget)
    }
}
