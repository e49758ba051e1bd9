import Glibc
import System

/// Where `countersign call` keeps the last login's token between calls (`.countersign/token`, mode 0600).
struct SessionFile {
    let directory: String

    private var path: String { directory + "/token" }

    /// The saved token, if any.
    func token() -> String? {
        guard let bytes = FileSystem.read(path) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
        return text.isEmpty ? nil : text
    }

    /// Saves `token` for the next call.
    func save(token: String) throws(CommandError) {
        mkdir(directory, 0o700)
        guard let file = fopen(path, "w") else { throw CommandError("cannot write \(path)") }
        defer { fclose(file) }
        chmod(path, 0o600)
        fputs(token + "\n", file)
    }

    /// Forgets the saved token.
    func clear() { unlink(path) }
}
