/// Why a document is not valid JSON, and where.
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The byte offset in the input where the problem was found.
    public let offset: Int
    /// A short English description of the problem, e.g. "unterminated string".
    public let reason: String

    /// An error at `offset` described by `reason`.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// "<reason> at byte <offset>".
    public var description: String { "\(reason) at byte \(offset)" }
}
