import Glibc
import System

extension FileStore {
    /// Creates `path` and its missing parents (mode 0755).
    static func createDirectory(_ path: String) throws(CertificateError) {
        do {
            try FileSystem.createDirectories(path)
        } catch {
            throw CertificateError(.fileSystem(errno: error.errorNumber), path: error.path, reason: "cannot create the folder: \(error.reason)")
        }
    }

    /// Runs `body` holding an exclusive lock on `directory` (an `flock` on its `.lock` file), so that two
    /// processes starting at once do not generate interleaved sets of files.
    static func withExclusiveAccess<Result>(
        to directory: String,
        _ body: () throws(CertificateError) -> Result
    ) throws(CertificateError) -> Result {
        let lockPath = CertificatePaths(directory: directory).file(".lock")
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, privateMode)
        guard descriptor >= 0 else { throw systemError(lockPath, "cannot open the lock file") }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { throw systemError(lockPath, "cannot lock") }
        }
        removeUnfinishedFiles(in: directory)
        return try body()
    }

    /// Deletes temporary files a killed process left behind (only called under the lock).
    private static func removeUnfinishedFiles(in directory: String) {
        guard let listing = opendir(directory) else { return }
        defer { closedir(listing) }
        while let entry = readdir(listing) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix("."), name.contains(unfinishedMarker) {
                unlink(CertificatePaths(directory: directory).file(name))
            }
        }
    }
}
