#if canImport(Glibc)
import Glibc
#endif

/// The process figures Prometheus' client libraries export under their standard names: resident and virtual
/// memory, CPU time, open and allowed file descriptors, and the start time.
///
/// Read from `/proc/self/stat`, `/proc/stat` (the boot time) and `/proc/self/fd` on Linux; the parsing is pure
/// (``init(stat:bootTime:clockTicksPerSecond:pageSize:openFDs:maxFDs:)``) and tested with strings. A figure that
/// cannot be read is `nil` and left out of the page.
public struct ProcessSnapshot: Hashable, Sendable {
    /// Resident memory in bytes (`process_resident_memory_bytes`).
    public var residentBytes: Int?
    /// Virtual memory in bytes (`process_virtual_memory_bytes`).
    public var virtualBytes: Int?
    /// User and system CPU time in seconds (`process_cpu_seconds_total`).
    public var cpuSeconds: Double?
    /// Open file descriptors (`process_open_fds`).
    public var openFDs: Int?
    /// The soft limit on file descriptors (`process_max_fds`).
    public var maxFDs: Int?
    /// When the process started, in seconds since the Unix epoch (`process_start_time_seconds`).
    public var startTimeSeconds: Double?

    /// A snapshot from the text of `/proc/self/stat` and the values beside it.
    ///
    /// - Parameters:
    ///   - stat: The text of `/proc/self/stat`, or `nil`.
    ///   - bootTime: `btime` of `/proc/stat`: the boot time in seconds since the epoch, or `nil`.
    ///   - clockTicksPerSecond: `sysconf(_SC_CLK_TCK)`, the unit of the CPU times and the start time.
    ///   - pageSize: `sysconf(_SC_PAGESIZE)`, the unit of the resident set.
    ///   - openFDs: The entries of `/proc/self/fd`, or `nil`.
    ///   - maxFDs: `RLIMIT_NOFILE`'s soft limit, or `nil`.
    public init(
        stat: String?,
        bootTime: Double?,
        clockTicksPerSecond: Int,
        pageSize: Int,
        openFDs: Int?,
        maxFDs: Int?
    ) {
        self.openFDs = openFDs
        self.maxFDs = maxFDs
        // The command name (field 2) is in parentheses and may hold spaces or parentheses: fields are counted from
        // after the last ')'. There, index 0 is field 3 (state), so field n is at index n - 3.
        guard let stat, let closing = stat.lastIndex(of: ")"), clockTicksPerSecond > 0 else { return }
        let fields = stat[stat.index(after: closing)...].split(separator: " ")
        guard fields.count >= 22 else { return }
        let ticks = Double(clockTicksPerSecond)
        if let user = Int(fields[11]), let system = Int(fields[12]) { self.cpuSeconds = Double(user + system) / ticks }
        if let start = Int(fields[19]), let bootTime { self.startTimeSeconds = bootTime + Double(start) / ticks }
        if let virtual = Int(fields[20]) { self.virtualBytes = virtual }
        if let pages = Int(fields[21]) { self.residentBytes = pages * pageSize }
    }

    /// `btime` from the text of `/proc/stat`.
    ///
    /// - Parameter procStat: The text of `/proc/stat`, or `nil`.
    /// - Returns: The boot time in seconds since the Unix epoch, or `nil` when the text has none.
    public static func bootTime(procStat: String?) -> Double? {
        guard let procStat else { return nil }
        for line in procStat.split(separator: "\n") where line.hasPrefix("btime ") {
            return Double(line.dropFirst(6).filter { $0 != " " })
        }
        return nil
    }

    /// The families of this snapshot, each figure it holds under its standard name.
    var metricsText: String {
        var text = ""
        if let cpuSeconds = self.cpuSeconds {
            Metrics.family(&text, "process_cpu_seconds_total", .counter, "User and system CPU time spent in seconds.")
            text += "process_cpu_seconds_total \(Metrics.number(cpuSeconds))\n"
        }
        if let maxFDs = self.maxFDs {
            Metrics.gauge(&text, "process_max_fds", "Maximum number of open file descriptors.", maxFDs)
        }
        if let openFDs = self.openFDs {
            Metrics.gauge(&text, "process_open_fds", "Number of open file descriptors.", openFDs)
        }
        if let residentBytes = self.residentBytes {
            Metrics.gauge(&text, "process_resident_memory_bytes", "Resident memory size in bytes.", residentBytes)
        }
        if let startTimeSeconds = self.startTimeSeconds {
            Metrics.gauge(
                &text, "process_start_time_seconds", "Start time of the process since unix epoch in seconds.",
                Metrics.number(startTimeSeconds)
            )
        }
        if let virtualBytes = self.virtualBytes {
            Metrics.gauge(&text, "process_virtual_memory_bytes", "Virtual memory size in bytes.", virtualBytes)
        }
        return text
    }

    /// The boot time, read once: it does not change while the process runs.
    private static let bootTime = Self.bootTime(procStat: SystemFile.readText("/proc/stat", limit: 1 << 20))

    /// The process's figures now.
    public static func current() -> ProcessSnapshot {
        #if canImport(Glibc)
        var limit = rlimit()
        let maxFDs = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 ? Int(clamping: limit.rlim_cur) : nil
        return ProcessSnapshot(
            stat: SystemFile.readText("/proc/self/stat", limit: 4096),
            bootTime: Self.bootTime,
            clockTicksPerSecond: sysconf(Int32(_SC_CLK_TCK)),
            pageSize: sysconf(Int32(_SC_PAGESIZE)),
            openFDs: Self.countOpenFDs(),
            maxFDs: maxFDs
        )
        #else
        return ProcessSnapshot(stat: nil, bootTime: nil, clockTicksPerSecond: 0, pageSize: 0, openFDs: nil, maxFDs: nil)
        #endif
    }

    /// The entries of `/proc/self/fd` (the one this count opens included, as Prometheus' own clients count).
    private static func countOpenFDs() -> Int? {
        #if canImport(Glibc)
        guard let directory = opendir("/proc/self/fd") else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let isDot = withUnsafeBytes(of: entry.pointee.d_name) { name in
                name[0] == UInt8(ascii: ".") && (name[1] == 0 || (name[1] == UInt8(ascii: ".") && name[2] == 0))
            }
            if !isDot { count += 1 }
        }
        return count
        #else
        return nil
        #endif
    }
}
