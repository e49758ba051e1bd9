import System

extension FileSystem {
    /// Creates the folders above `path` (like `mkdir -p`), reporting a failure as the start's
    /// `database` step does.
    public static func createDirectories(forFile path: String) throws(StartupError) {
        do {
            try createDirectories(folder(containing: path))
        } catch {
            throw StartupError(step: "database", reason: "cannot create folder \(error.path): \(error.reason)")
        }
    }
}
