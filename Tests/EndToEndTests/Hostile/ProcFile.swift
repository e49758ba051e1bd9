import Foundation

/// Reads a `/proc` file whole. `String(contentsOfFile:)` is not enough: these files report a size of
/// 0, and Foundation then reads a single page, which cuts `/proc/net/tcp` short on a busy machine.
enum ProcFile {
    /// The text of the file at `path`, or nil when it cannot be read.
    static func text(at path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
