import CNGHTTP2
import HTTP
import System

/// The server side of one HTTP/2 connection over nghttp2, without I/O: the connection feeds it the
/// plaintext it decrypted, takes the requests it assembled, submits the answers and drains the frames
/// to encrypt. HPACK, framing, flow control and the protocol's own checks are nghttp2's; the limits
/// are `HTTP2Settings`. Not thread-safe: a connection belongs to one event loop.
public final class HTTP2ServerSession {
    private let session: OpaquePointer
    private let state: HTTP2ServerState

    /// A session that has queued its SETTINGS frame (the server's connection preface).
    public init(settings: HTTP2Settings) throws(HTTP2Error) {
        let state = HTTP2ServerState(settings: settings)
        var callbacks: OpaquePointer?
        guard nghttp2_session_callbacks_new(&callbacks) == 0, let callbacks else { throw HTTP2Error("out of memory") }
        defer { nghttp2_session_callbacks_del(callbacks) }
        HTTP2ServerCallbacks.install(in: callbacks)
        var options: OpaquePointer?
        guard nghttp2_option_new(&options) == 0, let options else { throw HTTP2Error("out of memory") }
        defer { nghttp2_option_del(options) }
        nghttp2_option_set_max_deflate_dynamic_table_size(options, settings.headerTableBytes)
        // nghttp2's own stream-reset limiter (on by default, on its own clock) is put out of reach:
        // HTTP2ServerState counts the resets, on the connection's clock, as it counts SETTINGS and PING.
        nghttp2_option_set_stream_reset_rate_limit(options, UInt64.max, 0)
        nghttp2_option_set_max_continuations(options, settings.maxContinuations)
        nghttp2_option_set_max_settings(options, settings.maxSettingsEntries)
        nghttp2_option_set_max_outbound_ack(options, settings.maxQueuedAcknowledgements)
        var session: OpaquePointer?
        let code = nghttp2_session_server_new2(&session, callbacks, Unmanaged.passUnretained(state).toOpaque(), options)
        guard code == 0, let session else { throw HTTP2Error(code: Int(code)) }
        self.session = session
        self.state = state
        try submitSettings(settings)
    }

    deinit {
        nghttp2_session_del(session)
    }

    private func submitSettings(_ settings: HTTP2Settings) throws(HTTP2Error) {
        let entries = [
            (NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS, settings.maxConcurrentStreams),
            (NGHTTP2_SETTINGS_MAX_HEADER_LIST_SIZE, settings.maxHeaderListBytes),
            (NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE, settings.initialWindowBytes),
            (NGHTTP2_SETTINGS_HEADER_TABLE_SIZE, settings.headerTableBytes),
        ].map { nghttp2_settings_entry(settings_id: Int32($0.0.rawValue), value: UInt32(clamping: $0.1)) }
        let code = nghttp2_submit_settings(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), entries, entries.count)
        guard code == 0 else { throw HTTP2Error(code: Int(code)) }
    }

    // MARK: Input

    /// Processes `bytes` from the peer, arrived at `now` (the connection's clock, for the rate limits);
    /// the requests they complete wait in `takeEvents()`. Throws when the session cannot go on (a bad
    /// preface, a flood, a broken frame): drain the output (a GOAWAY may wait there) and close.
    public func receive(_ bytes: [UInt8], now: Instant) throws(HTTP2Error) {
        state.now = now
        let consumed = bytes.withUnsafeBufferPointer { buffer in
            nghttp2_session_mem_recv(session, buffer.baseAddress, buffer.count)
        }
        guard consumed >= 0 else { throw HTTP2Error(code: consumed) }
    }

    /// The requests and refusals the input amounted to since the last call, in order.
    public func takeEvents() -> [HTTP2ServerEvent] {
        defer { state.events.removeAll(keepingCapacity: true) }
        return state.events
    }

    // MARK: Answers

    /// Submits `response` on `stream` (ignored when the stream is gone, say reset by the peer). The body
    /// leaves as flow control allows; with `bodyComplete` false, `appendBody` adds the rest later and
    /// the response's own `Content-Length` field, if any, announces the whole.
    /// `headOnly` (an answer to HEAD) sends the length of the body but not the body.
    public func respond(on stream: Int32, with response: HTTPResponse, date: String, headOnly: Bool = false,
                        bodyComplete: Bool = true) {
        guard let current = state.streams[stream] else { return }
        let code = response.status.code
        let carriesBody = code >= 200 && code != 204 && code != 304
        let length = bodyComplete ? response.body.count : response.headers["Content-Length"].flatMap { Int($0) }
        var block = HTTP2ResponseHead.block(for: response, date: date, length: carriesBody ? length : nil)
        let sendsBody = carriesBody && !headOnly && (!response.body.isEmpty || !bodyComplete)
        current.response = OutgoingBody(bytes: sendsBody ? response.body : [], complete: bodyComplete)
        var provider = nghttp2_data_provider(source: nghttp2_data_source(ptr: nil), read_callback: HTTP2ServerCallbacks.readResponseBody)
        _ = withUnsafePointer(to: &provider) { provider in
            block.withFields { fields, count in
                nghttp2_submit_response(session, stream, fields, count, sendsBody ? provider : nil)
            }
        }
    }

    /// Adds `bytes` to the body of a response submitted with `bodyComplete` false; `final` ends it.
    public func appendBody(_ bytes: [UInt8], on stream: Int32, final: Bool) {
        guard let current = state.streams[stream] else { return }
        current.response.bytes.append(contentsOf: bytes)
        current.response.complete = final
        _ = nghttp2_session_resume_data(session, stream)
    }

    /// Resets `stream` alone (RST_STREAM, INTERNAL_ERROR); the other streams go on.
    public func reset(stream: Int32) {
        _ = nghttp2_submit_rst_stream(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), stream, NGHTTP2_INTERNAL_ERROR.rawValue)
    }

    /// Announces the end (GOAWAY, NO_ERROR, naming the last stream taken): no new stream is accepted,
    /// those in flight finish, then `isFinished` turns true.
    public func goAway() {
        _ = nghttp2_submit_goaway(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), nghttp2_session_get_last_proc_stream_id(session),
                                  NGHTTP2_NO_ERROR.rawValue, nil, 0)
    }

    /// Sends a PING, whose acknowledgement `takePingAcknowledgement()` then reports.
    public func ping() {
        _ = nghttp2_submit_ping(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), nil)
    }

    /// Whether the peer acknowledged a PING since the last call.
    public func takePingAcknowledgement() -> Bool {
        defer { state.pingAcknowledged = false }
        return state.pingAcknowledged
    }

    /// Ends the session at once: a GOAWAY, and no stream finishes.
    public func terminate() {
        _ = nghttp2_session_terminate_session(session, NGHTTP2_NO_ERROR.rawValue)
    }

    // MARK: Output

    /// Appends the frames ready to leave to `buffer`, until it holds `limit` bytes or nothing is ready.
    public func drainOutput(into buffer: inout [UInt8], limit: Int) throws(HTTP2Error) {
        while buffer.count < limit {
            var data: UnsafePointer<UInt8>?
            let count = nghttp2_session_mem_send(session, &data)
            guard count >= 0 else { throw HTTP2Error(code: count) }
            guard count > 0, let data else { return }
            buffer.append(contentsOf: UnsafeBufferPointer(start: data, count: count))
        }
    }

    // MARK: Queries

    /// Whether the session has nothing more to read or write (after a GOAWAY, its streams done).
    public var isFinished: Bool { nghttp2_session_want_read(session) == 0 && nghttp2_session_want_write(session) == 0 }

    /// Whether any stream is open.
    public var hasOpenStreams: Bool { !state.streams.isEmpty }

    /// Whether a stream is still receiving its request.
    public var hasIncompleteRequests: Bool { state.streams.values.contains { !$0.dispatched } }

    /// Whether `stream` is still open (a late answer to a stream the peer reset is dropped).
    public func isOpen(stream: Int32) -> Bool { state.streams[stream] != nil }

    /// The request body bytes held across the streams (bounded by `maxBufferedBodyBytes`).
    public var bufferedBodyBytes: Int { state.bufferedBodyBytes }
}
