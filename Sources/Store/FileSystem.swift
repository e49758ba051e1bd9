import Glibc

/// The few file operations `Store.create(at:seedSQL:)` needs, with checked return codes.
enum FileSystem {
    /// Whether something exists at `path`.
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Removes the file at `path`; a file that is already absent is fine.
    static func removeIfPresent(_ path: String) throws(StoreError) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw StoreError.fileOperation(operation: "unlink", path: path, errno: errno)
        }
    }

    /// Atomically moves the file at `source` to `destination`.
    static func rename(_ source: String, to destination: String) throws(StoreError) {
        guard Glibc.rename(source, destination) == 0 else {
            throw StoreError.fileOperation(operation: "rename", path: destination, errno: errno)
        }
    }

    /// Flushes the folder holding `path` to disk, so that a rename into it survives power loss.
    static func syncFolder(containing path: String) throws(StoreError) {
        let folder = Self.folder(containing: path)
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw StoreError.fileOperation(operation: "open", path: folder, errno: errno)
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw StoreError.fileOperation(operation: "fsync", path: folder, errno: errno)
        }
    }

    /// The folder part of `path`: `.` for a bare file name, `/` for a file at the root.
    static func folder(containing path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
