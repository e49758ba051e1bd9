import Glibc

/// Small file helpers for start-up (no Foundation).
public enum FileContents {
    /// The bytes of `path`, or nil when it cannot be read.
    public static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return ferror(file) == 0 ? bytes : nil
    }

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
