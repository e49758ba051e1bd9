/// Size limits a parser enforces, so that memory per connection stays bounded.
public struct HTTPLimits: Sendable, Equatable {
    /// The longest request line (status line, for responses), without its CRLF; beyond it: 414.
    public var maxRequestLineBytes: Int
    /// The largest header section (and, separately, trailer section), all field lines and CRLFs
    /// including the final empty line; beyond it: 431.
    public var maxHeaderBytes: Int
    /// The most header fields (and, separately, trailer fields); beyond it: 431.
    public var maxHeaderCount: Int
    /// The largest body, declared or received; beyond it: 413.
    public var maxBodyBytes: Int

    /// Creates limits; each default is the server's.
    public init(
        maxRequestLineBytes: Int = 8192,
        maxHeaderBytes: Int = 16384,
        maxHeaderCount: Int = 100,
        maxBodyBytes: Int = 1_048_576
    ) {
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
    }

    /// The server's limits: 8 KiB request line, 16 KiB header section, 100 fields, 1 MiB body.
    public static let `default` = HTTPLimits()
}
