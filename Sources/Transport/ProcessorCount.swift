import CLinux
import Glibc

/// The number of processors this process may run on.
public enum ProcessorCount {
    /// Online processors allowed by the CPU affinity mask, at least 1.
    public static var online: Int {
        let count = Int(cs_affinity_cpu_count())
        if count > 0 { return count }
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }
}
