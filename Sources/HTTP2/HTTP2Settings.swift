/// The limits of one HTTP/2 connection, each a named setting with a default. Together they bound what
/// a peer can make the server hold: streams × (header list + body), the HPACK tables, the queued
/// control frames.
public struct HTTP2Settings: Sendable, Equatable {
    /// SETTINGS_MAX_CONCURRENT_STREAMS: streams a peer may have open at once; more are refused (default 100).
    public var maxConcurrentStreams = 100
    /// SETTINGS_MAX_HEADER_LIST_SIZE: the decoded header list of one request, names and values plus 32
    /// bytes a field (RFC 9113 §6.5.2), the same 16 KiB as an HTTP/1.1 head; beyond it: 431 on that stream.
    public var maxHeaderListBytes = 16_384
    /// The body of one stream, the HTTP/1.1 body limit; beyond it: 413 on that stream (default 1 MiB).
    public var maxBodyBytes = 1_048_576
    /// The request bodies all streams of a connection may hold at once; a stream that would pass it is
    /// reset with ENHANCE_YOUR_CALM (default 4 MiB).
    public var maxBufferedBodyBytes = 4 * 1_048_576
    /// SETTINGS_INITIAL_WINDOW_SIZE: what a peer may send on one stream before the server reads it (default 64 KiB).
    public var initialWindowBytes = 65_535
    /// SETTINGS_HEADER_TABLE_SIZE and the encoder's own table: the HPACK dynamic table, each way (default 4 KiB).
    public var headerTableBytes = 4096
    /// Stream resets (RST_STREAM frames) a peer may send in a burst before the rate below applies;
    /// past both, GOAWAY (ENHANCE_YOUR_CALM): the rapid-reset attack, CVE-2023-44487 (default 200).
    public var resetBurst = 200
    /// Stream resets a peer may send per second once its burst is spent (default 33).
    public var resetsPerSecond = 33
    /// SETTINGS and PING frames (not their acknowledgements) a peer may send in a burst before the rate
    /// below applies; past both, GOAWAY (ENHANCE_YOUR_CALM): a SETTINGS or PING flood from a peer that
    /// reads every acknowledgement, which the queue limit below never sees (default 100).
    public var controlFrameBurst = 100
    /// SETTINGS and PING frames a peer may send per second once its burst is spent (default 10).
    public var controlFramesPerSecond = 10
    /// CONTINUATION frames after one HEADERS frame; more end the connection (default 8).
    public var maxContinuations = 8
    /// Entries in one SETTINGS frame; more end the connection (default 32).
    public var maxSettingsEntries = 32
    /// Queued SETTINGS and PING acknowledgements a peer that does not read may cause; more end the
    /// connection (default 1,000).
    public var maxQueuedAcknowledgements = 1000

    /// The defaults above.
    public init() {}
}
