/// This process's memory as the kernel counts it in `/proc/self/status`. The test server runs in the
/// test process, so this is the server's memory plus the tests'.
enum ProcessMemory {
    /// The resident set size now (`VmRSS`), in bytes; nil when it cannot be read.
    static func resident() -> Int? { field("VmRSS") }

    /// The highest resident set size the process has had (`VmHWM`), in bytes; nil when it cannot be read.
    static func peakResident() -> Int? { field("VmHWM") }

    /// A `Name:   1234 kB` line's value in bytes.
    private static func field(_ name: String) -> Int? {
        guard let status = ProcFile.text(at: "/proc/self/status") else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
        let parts = line?.split { $0 == " " || $0 == "\t" } ?? []
        guard parts.count == 3, parts[2] == "kB", let kilobytes = Int(parts[1]) else { return nil }
        return kilobytes * 1_024
    }
}
