import Glibc

extension FileSystem {
    /// Writes `bytes` to `path` atomically: a temporary file beside it, then a rename over it, so
    /// that a reader (the stubs folder loaded at start) never sees half a file.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
        let temporary = path + ".tmp"
        guard let file = fopen(temporary, "wb") else { throw FileSystemError(operation: "fopen", path: temporary, errorNumber: errno) }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let failure = errno
        guard fclose(file) == 0, written == bytes.count else {
            _ = unlink(temporary)
            throw FileSystemError(operation: "fwrite", path: temporary, errorNumber: failure)
        }
        try rename(temporary, to: path)
    }
}
