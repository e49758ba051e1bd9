/// A setting that cannot be used, with where it came from, so the message says what to fix.
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    /// The flag or variable, such as `--port` or `COUNTERSIGN_PORT`.
    public let source: String
    /// What is wrong and what is accepted.
    public let reason: String

    public var description: String { "\(source): \(reason)" }
}
