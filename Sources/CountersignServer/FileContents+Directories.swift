import Glibc
import System

extension FileContents {
    /// Creates the folders above `path` (like `mkdir -p`).
    public static func createDirectories(forFile path: String) throws(StartupError) {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        guard !components.isEmpty else { return }
        var current = path.hasPrefix("/") ? "" : "."
        if path.hasPrefix("/") { components = components.dropFirst() }
        for component in components where !component.isEmpty {
            current += "/" + component
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw StartupError(step: "database", reason: "cannot create folder \(current): \(String(cString: strerror(errno)))")
            }
        }
    }
}
