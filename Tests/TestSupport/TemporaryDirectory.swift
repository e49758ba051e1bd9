import Foundation

/// A fresh folder under /tmp, removed with everything in it by `remove()` or when it goes away.
public final class TemporaryDirectory: Sendable {
    /// The folder's absolute path.
    public let path: String

    /// Creates `/tmp/countersign-<prefix>-<random>`.
    public init(_ prefix: String = "test") {
        path = NSTemporaryDirectory() + "countersign-\(prefix)-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// `path/name`.
    public func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Deletes the folder and its contents (also done when the last reference goes away).
    public func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }

    deinit { remove() }
}
