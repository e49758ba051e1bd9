import Glibc

/// A failed C call in a test helper.
struct SystemCallFailure: Error, CustomStringConvertible {
    let call: String
    let path: String
    let errno: Int32

    var description: String { "\(call) \(path): errno \(errno)" }
}

/// Small file helpers on Glibc, for tests.
enum TestFiles {
    /// Creates a new empty folder under $TMPDIR (or /tmp) and returns its path.
    static func makeTemporaryFolder() throws -> String {
        let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(base)/countersign-store-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else {
            throw SystemCallFailure(call: "mkdtemp", path: base, errno: errno)
        }
        return String(cString: created)
    }

    /// The names of the entries of `folder`, sorted, without `.` and `..`.
    static func list(_ folder: String) throws -> [String] {
        guard let directory = opendir(folder) else {
            throw SystemCallFailure(call: "opendir", path: folder, errno: errno)
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." {
                names.append(name)
            }
        }
        return names.sorted()
    }

    /// Removes `folder` and the files in it (test folders hold no subfolders).
    static func removeFolder(_ folder: String) throws {
        for name in try list(folder) {
            try remove("\(folder)/\(name)")
        }
        guard rmdir(folder) == 0 else {
            throw SystemCallFailure(call: "rmdir", path: folder, errno: errno)
        }
    }

    /// The bytes of the file at `path`.
    static func read(_ path: String) throws -> [UInt8] {
        guard let file = fopen(path, "rb") else {
            throw SystemCallFailure(call: "fopen", path: path, errno: errno)
        }
        defer { fclose(file) }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            contents += chunk[..<count]
            if count < chunk.count {
                guard ferror(file) == 0 else {
                    throw SystemCallFailure(call: "fread", path: path, errno: errno)
                }
                return contents
            }
        }
    }

    /// Writes `bytes` to a new file at `path`.
    static func write(_ bytes: [UInt8], to path: String) throws {
        guard let file = fopen(path, "wxb") else {
            throw SystemCallFailure(call: "fopen", path: path, errno: errno)
        }
        defer { fclose(file) }
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else {
            throw SystemCallFailure(call: "fwrite", path: path, errno: errno)
        }
    }

    /// Removes the file at `path`.
    static func remove(_ path: String) throws {
        guard unlink(path) == 0 else {
            throw SystemCallFailure(call: "unlink", path: path, errno: errno)
        }
    }
}

/// Runs `body` with the path of a fresh temporary folder, removed afterwards.
func withTemporaryFolder(_ body: (String) throws -> Void) throws {
    let folder = try TestFiles.makeTemporaryFolder()
    defer { try? TestFiles.removeFolder(folder) }
    try body(folder)
}
