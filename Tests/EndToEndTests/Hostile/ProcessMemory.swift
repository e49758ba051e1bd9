/// A process's memory as the kernel counts it in `/proc/PID/status`.
struct ProcessMemory {
    let processIdentifier: Int32

    /// The resident set size now (`VmRSS`), in bytes; nil when it cannot be read.
    func resident() -> Int? { field("VmRSS") }

    /// The highest resident set size the process has had (`VmHWM`), in bytes; nil when it cannot be read.
    func peakResident() -> Int? { field("VmHWM") }

    /// A `Name:   1234 kB` line's value in bytes.
    private func field(_ name: String) -> Int? {
        guard let status = ProcFile.text(at: "/proc/\(processIdentifier)/status") else { return nil }
        let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") }
        let parts = line?.split { $0 == " " || $0 == "\t" } ?? []
        guard parts.count == 3, parts[2] == "kB", let kilobytes = Int(parts[1]) else { return nil }
        return kilobytes * 1_024
    }
}
