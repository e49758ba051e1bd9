import Glibc

/// Reads and writes the PKI's files. Every write goes to a temporary file in the same folder, is flushed,
/// and is renamed over the final name, so a process killed at any moment leaves either the old file or
/// the new one, never half of one.
enum FileStore {
    /// Mode of files holding private keys.
    static let privateMode: mode_t = 0o600
    /// Mode of public files (before the umask).
    static let publicMode: mode_t = 0o644
    /// Marks temporary files; any left by a killed process are removed before the next generation.
    static let unfinishedMarker = ".partial-"

    /// The contents of `path`, or `nil` when it does not exist.
    static func read(_ path: String) throws(CertificateError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw systemError(path, "cannot open")
        }
        defer { close(descriptor) }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return contents }
            if count < 0 {
                if errno == EINTR { continue }
                throw systemError(path, "cannot read")
            }
            contents.append(contentsOf: chunk[0..<count])
        }
    }

    /// Replaces `path` with `bytes` atomically, with `mode` (exactly, whatever the umask, for private files).
    static func write(_ bytes: [UInt8], to path: String, mode: mode_t) throws(CertificateError) {
        let temporary = temporaryPath(for: path)
        unlink(temporary)  // A leftover of an earlier process with the same pid, usually absent.
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw systemError(temporary, "cannot create") }
        do throws(CertificateError) {
            if mode == privateMode, fchmod(descriptor, mode) != 0 { throw systemError(temporary, "cannot protect") }
            try writeAll(bytes, to: descriptor, path: temporary)
            guard fsync(descriptor) == 0 else { throw systemError(temporary, "cannot flush") }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard close(descriptor) == 0 else {
            let failure = systemError(temporary, "cannot close")
            unlink(temporary)
            throw failure
        }
        guard rename(temporary, path) == 0 else {
            let failure = systemError(path, "cannot rename \(temporary) to")
            unlink(temporary)
            throw failure
        }
    }

    /// Writes `bytes` to `path` unless it already holds exactly them; returns whether it wrote.
    static func update(_ path: String, with bytes: [UInt8], mode: mode_t) throws(CertificateError) -> Bool {
        guard try read(path) != bytes else { return false }
        try write(bytes, to: path, mode: mode)
        return true
    }

    /// An error carrying `errno` and its text.
    static func systemError(_ path: String, _ what: String) -> CertificateError {
        let code = errno
        return CertificateError(.fileSystem(errno: code), path: path, reason: "\(what): \(String(cString: strerror(code)))")
    }

    /// `.name.partial-<pid>` next to `path`.
    private static func temporaryPath(for path: String) -> String {
        let split = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        return path[..<split] + "." + path[split...] + unfinishedMarker + String(getpid())
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(CertificateError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw systemError(path, "cannot write")
            }
            offset += count
        }
    }
}
