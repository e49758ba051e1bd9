/// Why the server could not start, worded for the person who started it.
public struct StartupError: Error, Sendable, CustomStringConvertible {
    /// What was being done (`certificates`, `database`, `listen`, ...).
    public let step: String
    /// The cause.
    public let reason: String

    public var description: String { "cannot start (\(step)): \(reason)" }
}
