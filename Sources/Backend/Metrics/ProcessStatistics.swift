import Glibc
import System

/// What Linux says about this process, read from `/proc`.
enum ProcessStatistics {
    /// The resident memory in bytes (`/proc/self/statm`'s second field, in pages); nil when unreadable.
    static func residentMemoryBytes() -> Int? {
        guard let statm = FileSystem.read("/proc/self/statm") else { return nil }
        let fields = String(decoding: statm, as: UTF8.self).split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }

    /// When the process started, in seconds since the Unix epoch: the boot time (`btime` in
    /// `/proc/stat`) plus the process's start in clock ticks after boot (`/proc/self/stat`'s
    /// 22nd field). Nil when either is unreadable.
    static func startTimeSeconds() -> Double? {
        guard let stat = FileSystem.read("/proc/self/stat"), let system = FileSystem.read("/proc/stat") else { return nil }
        // The command name (field 2) is in parentheses and may hold spaces; count fields after it.
        let text = String(decoding: stat, as: UTF8.self)
        guard let nameEnd = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: nameEnd)...].split(separator: " ")
        let startTicksField = 22 - 3
        guard fields.count > startTicksField, let ticks = Double(fields[startTicksField]) else { return nil }
        let bootLine = String(decoding: system, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("btime ") }
        guard let bootLine, let bootTime = Double(bootLine.dropFirst("btime ".count)) else { return nil }
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard ticksPerSecond > 0 else { return nil }
        return bootTime + ticks / ticksPerSecond
    }
}
