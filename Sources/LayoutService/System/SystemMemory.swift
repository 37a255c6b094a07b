/// The memory the process may use: the machine's (`MemTotal` in `/proc/meminfo`), or its cgroup's limit
/// (`/sys/fs/cgroup/memory.max`, cgroup v2) when that is lower; read once, at first use.
///
/// The parsing is pure (``totalBytes(meminfo:cgroupMemoryMax:)``) and tested with strings; the files are read with
/// two plain `read` calls, the one place the service touches the file system (it needs no Foundation).
public enum SystemMemory {
    /// What is assumed when neither file can be read: 4 GiB.
    public static let fallbackBytes = 4 << 30

    /// The memory the process may use, in bytes: the lower of the machine's and the cgroup's limit, or
    /// ``fallbackBytes`` when neither is known.
    public static let totalBytes: Int =
        Self.totalBytes(
            meminfo: SystemFile.readText("/proc/meminfo"),
            cgroupMemoryMax: SystemFile.readText("/sys/fs/cgroup/memory.max")
        ) ?? Self.fallbackBytes

    /// The default byte budget of the session store: a quarter of ``totalBytes``.
    public static var defaultSessionBudget: Int { Self.totalBytes / 4 }

    /// The memory limit the two files give, in bytes.
    ///
    /// - Parameters:
    ///   - meminfo: The text of `/proc/meminfo` (its `MemTotal:` line, in kB), or `nil`.
    ///   - cgroupMemoryMax: The text of `/sys/fs/cgroup/memory.max` (bytes, or `max` for no limit), or `nil`.
    /// - Returns: The lower of the two limits, or `nil` when neither gives one.
    public static func totalBytes(meminfo: String?, cgroupMemoryMax: String?) -> Int? {
        var machine: Int?
        if let meminfo {
            for line in meminfo.split(separator: "\n") where line.hasPrefix("MemTotal:") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                if fields.count >= 2, let kilobytes = Int(fields[1]), kilobytes > 0 {
                    let unit = fields.count >= 3 && fields[2] == "kB" ? 1024 : 1
                    machine = kilobytes.multipliedReportingOverflow(by: unit).overflow ? Int.max : kilobytes * unit
                }
            }
        }
        var cgroup: Int?
        if let text = cgroupMemoryMax?.split(whereSeparator: \.isWhitespace).first, let bytes = Int(text), bytes > 0 {
            cgroup = bytes
        }
        switch (machine, cgroup) {
        case (let machine?, let cgroup?): return min(machine, cgroup)
        case (let machine?, nil): return machine
        case (nil, let cgroup?): return cgroup
        case (nil, nil): return nil
        }
    }
}
