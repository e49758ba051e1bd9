import CNGHTTP2
import HTTP

/// The client side of one HTTP/2 connection over nghttp2, without I/O, as an app's HTTP stack speaks
/// it: the caller submits requests, feeds what the server sent and drains the frames to send. Used by
/// `countersign call --http2` and by the tests. Not thread-safe.
public final class HTTP2ClientSession {
    private let session: OpaquePointer
    private let state: HTTP2ClientState

    /// A session that has queued the client preface and its SETTINGS; responses are bounded by `maxBodyBytes`.
    public init(maxBodyBytes: Int = 16 * 1_048_576) throws(HTTP2Error) {
        let state = HTTP2ClientState(maxBodyBytes: maxBodyBytes)
        var callbacks: OpaquePointer?
        guard nghttp2_session_callbacks_new(&callbacks) == 0, let callbacks else { throw HTTP2Error("out of memory") }
        defer { nghttp2_session_callbacks_del(callbacks) }
        HTTP2ClientCallbacks.install(in: callbacks)
        var session: OpaquePointer?
        let code = nghttp2_session_client_new(&session, callbacks, Unmanaged.passUnretained(state).toOpaque())
        guard code == 0, let session else { throw HTTP2Error(code: Int(code)) }
        self.session = session
        self.state = state
        let submitted = nghttp2_submit_settings(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), nil, 0)
        guard submitted == 0 else { throw HTTP2Error(code: Int(submitted)) }
    }

    deinit {
        nghttp2_session_del(session)
    }

    /// Submits `request` to `authority` (`host:port`) and returns its stream id. Names go out
    /// lowercase, as HTTP/2 requires; `Host` becomes `:authority` and connection-specific fields are left out.
    public func submit(_ request: HTTPRequest, authority: String) throws(HTTP2Error) -> Int32 {
        var block = HeaderBlock()
        block.add(name: ":method", value: request.method)
        block.add(name: ":scheme", value: "https")
        block.add(name: ":authority", value: request.headers["Host"] ?? authority)
        block.add(name: ":path", value: request.target)
        for field in request.headers {
            let name = field.name.lowercased()
            guard !Self.omitted.contains(name) else { continue }
            block.add(name: name, value: field.value)
        }
        if !request.body.isEmpty { block.add(name: "content-length", value: String(request.body.count)) }
        var provider = nghttp2_data_provider(source: nghttp2_data_source(ptr: nil), read_callback: HTTP2ClientCallbacks.readRequestBody)
        let hasBody = !request.body.isEmpty
        let stream = withUnsafePointer(to: &provider) { provider in
            block.withFields { fields, count in
                nghttp2_submit_request(session, nil, fields, count, hasBody ? provider : nil, nil)
            }
        }
        guard stream > 0 else { throw HTTP2Error(code: Int(stream)) }
        state.exchanges[stream] = HTTP2ClientState.Exchange(request: OutgoingBody(bytes: request.body))
        return stream
    }

    private static let omitted: Set<String> = ["host", "connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "content-length"]

    /// Processes bytes from the server.
    public func receive(_ bytes: [UInt8]) throws(HTTP2Error) {
        let consumed = bytes.withUnsafeBufferPointer { nghttp2_session_mem_recv(session, $0.baseAddress, $0.count) }
        guard consumed >= 0 else { throw HTTP2Error(code: consumed) }
    }

    /// Appends every frame ready to leave to `buffer`.
    public func drainOutput(into buffer: inout [UInt8]) throws(HTTP2Error) {
        while true {
            var data: UnsafePointer<UInt8>?
            let count = nghttp2_session_mem_send(session, &data)
            guard count >= 0 else { throw HTTP2Error(code: count) }
            guard count > 0, let data else { return }
            buffer.append(contentsOf: UnsafeBufferPointer(start: data, count: count))
        }
    }

    /// The streams that finished since the last call, in order.
    public func takeResults() -> [(stream: Int32, result: HTTP2ClientResult)] {
        defer { state.results.removeAll() }
        return state.results
    }

    /// Whether the server sent GOAWAY.
    public var goAwayReceived: Bool { state.goAwayReceived }

    /// Whether the session has nothing more to read or write.
    public var isFinished: Bool { nghttp2_session_want_read(session) == 0 && nghttp2_session_want_write(session) == 0 }

    /// Streams still waiting for their answer.
    public var pendingStreams: Int { state.exchanges.count }
}
