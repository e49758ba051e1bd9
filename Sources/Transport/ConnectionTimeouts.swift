/// How long a connection may take for each phase, in milliseconds. Every value is a named setting.
public struct ConnectionTimeouts: Sendable, Equatable {
    /// To finish the TLS handshake (default 10 s).
    public var handshakeMilliseconds: Int64 = 10_000
    /// From a request's first byte to the end of its headers (default 10 s).
    public var requestHeadersMilliseconds: Int64 = 10_000
    /// Between requests on a kept-alive connection, and between pieces of a request body (default 60 s).
    public var idleMilliseconds: Int64 = 60_000
    /// From the end of a request's headers to the end of its body, however steadily it arrives (default 30 s).
    public var requestBodyMilliseconds: Int64 = 30_000
    /// Without any progress writing a response the peer does not read (default 60 s).
    public var writeStallMilliseconds: Int64 = 60_000
    /// HTTP/2: the silence after which the server sends a keep-alive PING (default 30 s).
    public var pingIntervalMilliseconds: Int64 = 30_000
    /// HTTP/2: how long the PING's acknowledgement may take; past it, GOAWAY and close (default 10 s).
    public var pingTimeoutMilliseconds: Int64 = 10_000

    /// The defaults above.
    public init() {}
}
