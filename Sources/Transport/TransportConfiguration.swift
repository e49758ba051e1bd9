import HTTP
import HTTP2

/// Settings of the transport, each with a name and a default.
public struct TransportConfiguration: Sendable {
    /// The number of event loops, each on its own thread with its own listener (default: one per core).
    public var eventLoops: Int
    /// The most connections open at once across all loops; beyond it new ones are closed at once (default 10,000).
    public var maxConnections: Int = 10_000
    /// Phase timeouts (handshake and headers 10 s, idle 60 s).
    public var timeouts = ConnectionTimeouts()
    /// HTTP limits (URI 8 KiB, headers 16 KiB, body 1 MiB).
    public var httpLimits = HTTPLimits.default
    /// HTTP/2 limits, for connections whose handshake chose `h2` (100 streams, 16 KiB header lists, ...).
    public var http2 = HTTP2Settings()
    /// How long in-flight requests may take to finish after a shutdown starts (default 10 s).
    public var shutdownGraceMilliseconds: Int64 = 10_000
    /// Once this much response output waits for a slow reader, the connection stops reading requests (default 256 KiB).
    public var maxPendingOutputBytes = 256 * 1024
    /// The `listen()` backlog (default 1,024).
    public var listenBacklog: Int32 = 1024
    /// How many connections across all loops may keep OpenSSL's record buffers while they are busy
    /// (about 34 KB each: 16.7 KB to read, 17.1 KB to write), rather than allocate and free them
    /// around every read and write; a connection frees them after a sweep interval (250 ms) with no
    /// input. Default 256: at most about 8.5 MiB.
    public var maxConnectionsKeepingTLSBuffers = 256

    /// The defaults, with one event loop per core.
    public init(eventLoops: Int = ProcessorCount.online) {
        self.eventLoops = max(1, eventLoops)
    }
}
