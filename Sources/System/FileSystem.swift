import Glibc

/// The file operations the server needs, without Foundation and with every return code checked:
/// reading small whole files (seed, certificates, zone data, `/proc`), creating folders, and the
/// rename-and-sync steps of writing a file atomically.
public enum FileSystem {
    /// The bytes of `path`, or nil when it cannot be read or is larger than `maxBytes`.
    public static func read(_ path: String, maxBytes: Int = 64 << 20) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maxBytes { return nil }
        }
        return ferror(file) == 0 ? bytes : nil
    }

    /// Whether something exists at `path`.
    public static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Creates the folder `path` and its missing parents (mode 0755), like `mkdir -p`.
    public static func createDirectories(_ path: String) throws(FileSystemError) {
        var partial = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            partial += component
            if mkdir(partial, 0o755) != 0 && errno != EEXIST {
                throw FileSystemError(operation: "mkdir", path: partial, errorNumber: errno)
            }
            partial += "/"
        }
    }

    /// Removes the file at `path`; a file that is already absent is fine.
    public static func removeIfPresent(_ path: String) throws(FileSystemError) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw FileSystemError(operation: "unlink", path: path, errorNumber: errno)
        }
    }

    /// Atomically moves the file at `source` to `destination`.
    public static func rename(_ source: String, to destination: String) throws(FileSystemError) {
        guard Glibc.rename(source, destination) == 0 else {
            throw FileSystemError(operation: "rename", path: destination, errorNumber: errno)
        }
    }

    /// Flushes the folder holding `path` to disk, so that a rename into it survives power loss.
    public static func syncFolder(containing path: String) throws(FileSystemError) {
        let folder = Self.folder(containing: path)
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemError(operation: "open", path: folder, errorNumber: errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw FileSystemError(operation: "fsync", path: folder, errorNumber: errno) }
    }

    /// The folder part of `path`: `.` for a bare file name, `/` for a file at the root.
    public static func folder(containing path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// A file operation that failed: which, on what path, and the `errno` it left.
public struct FileSystemError: Error, Sendable, CustomStringConvertible {
    /// The call, such as `"mkdir"`.
    public let operation: String
    /// The path it was given.
    public let path: String
    /// The `errno` value.
    public let errorNumber: Int32

    /// A failure of `operation` on `path` with `errorNumber`.
    public init(operation: String, path: String, errorNumber: Int32) {
        self.operation = operation
        self.path = path
        self.errorNumber = errorNumber
    }

    /// The system's text for `errorNumber`.
    public var reason: String { String(cString: strerror(errorNumber)) }

    public var description: String { "\(operation) \(path): \(reason)" }
}
