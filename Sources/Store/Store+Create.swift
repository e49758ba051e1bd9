import Glibc
import System

extension Store {
    /// The files SQLite keeps next to a database in WAL mode.
    private static let sidecarSuffixes = ["-wal", "-shm", "-journal"]

    /// Builds a new database at `path` from the migrations and `seedSQL`.
    ///
    /// The database is built in a temporary file next to `path`, checkpointed into that
    /// one file, synced, and renamed into place: a process killed at any moment leaves
    /// either no database at `path` or a complete one (at worst a stray
    /// `<path>.creating-<pid>` file). Throws `alreadyExists` when `path` exists; the
    /// folder must exist.
    public static func create(at path: String, seedSQL: String) throws(StoreError) {
        guard !FileSystem.exists(path) else { throw StoreError.alreadyExists(path: path) }
        let temporaryPath = "\(path).creating-\(getpid())"
        do {
            try removeDatabaseFiles(at: temporaryPath)
            try build(at: temporaryPath, seedSQL: seedSQL)
            // Sidecars without their database are left over from a deleted file; SQLite
            // would replay such a WAL into the new database.
            for suffix in sidecarSuffixes {
                try fileOperation { () throws(FileSystemError) in try FileSystem.removeIfPresent(path + suffix) }
            }
            try fileOperation { () throws(FileSystemError) in try FileSystem.rename(temporaryPath, to: path) }
            try fileOperation { () throws(FileSystemError) in try FileSystem.syncFolder(containing: path) }
            try removeDatabaseFiles(at: temporaryPath)
        } catch {
            try? removeDatabaseFiles(at: temporaryPath)
            throw error
        }
    }

    /// Migrates and seeds the file at `path`, then folds the WAL into the file itself
    /// and closes the connection, so that the file alone holds everything.
    private static func build(at path: String, seedSQL: String) throws(StoreError) {
        let store = try Store(path: path)
        try store.seed(sql: seedSQL)
        try store.database.checkpoint()
    }

    private static func removeDatabaseFiles(at path: String) throws(StoreError) {
        for file in [path] + sidecarSuffixes.map({ path + $0 }) {
            try fileOperation { () throws(FileSystemError) in try FileSystem.removeIfPresent(file) }
        }
    }
}
