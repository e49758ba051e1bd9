import CNGHTTP2
import HTTP
import System

/// What the callbacks of one server session read and write: nghttp2's user data. It lives as long as
/// its `HTTP2ServerSession`, which deletes the nghttp2 session before releasing it.
final class HTTP2ServerState {
    let settings: HTTP2Settings
    /// The streams nghttp2 has open, by id.
    var streams: [Int32: HTTP2Stream] = [:]
    /// What the last frames amounted to, in order, until the connection takes them.
    var events: [HTTP2ServerEvent] = []
    /// Request body bytes held across the streams.
    var bufferedBodyBytes = 0
    /// The instant of the input being processed, on the connection's clock.
    var now = Instant(nanoseconds: 0)
    /// The peer acknowledged a PING since the connection last asked.
    var pingAcknowledged = false
    /// The peer sent GOAWAY: it is closing the connection, and no new request is taken.
    var peerWentAway = false
    /// The peer's SETTINGS and PING frames, against `controlFrameBurst` and `controlFramesPerSecond`.
    private var controlFrames: TokenBucket
    /// The peer's RST_STREAM frames, against `resetBurst` and `resetsPerSecond` (rapid reset).
    private var resets: TokenBucket

    init(settings: HTTP2Settings) {
        self.settings = settings
        controlFrames = TokenBucket(burst: settings.controlFrameBurst, perSecond: settings.controlFramesPerSecond)
        resets = TokenBucket(burst: settings.resetBurst, perSecond: settings.resetsPerSecond)
    }

    /// Counts a frame the peer sent, of `type` with `flags`: false when it is over its rate (a stream
    /// reset, or a SETTINGS or PING frame; not their acknowledgements). A PING acknowledgement is
    /// noted in `pingAcknowledged`.
    func admit(type: UInt8, flags: UInt8) -> Bool {
        let acknowledges = flags & UInt8(NGHTTP2_FLAG_ACK.rawValue) != 0
        switch Int(type) {
        case Int(NGHTTP2_RST_STREAM.rawValue):
            return resets.take(now: now)
        case Int(NGHTTP2_PING.rawValue) where acknowledges:
            pingAcknowledged = true
            return true
        case Int(NGHTTP2_PING.rawValue), Int(NGHTTP2_SETTINGS.rawValue):
            return acknowledges || controlFrames.take(now: now)
        default:
            return true
        }
    }

    /// A request's HEADERS frame began; `session` refuses it (RST_STREAM, REFUSED_STREAM) after the
    /// peer's GOAWAY, as the streams in flight finish. False when the refusal could not be queued.
    func headersBegan(stream: Int32, session: OpaquePointer?) -> Bool {
        guard !peerWentAway else {
            return nghttp2_submit_rst_stream(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), stream, NGHTTP2_REFUSED_STREAM.rawValue) == 0
        }
        streams[stream] = HTTP2Stream()
        return true
    }

    /// One decoded field of a request's header list (trailer fields are not kept).
    func received(field name: String, value: String, stream: Int32) {
        guard let current = streams[stream], !current.dispatched else { return }
        // RFC 9113 §6.5.2: each field counts its name, its value and 32 bytes.
        current.add(name: name, value: value, listBytes: name.utf8.count + value.utf8.count + 32, limit: settings.maxHeaderListBytes)
    }

    /// A request's header list ended; with `endsStream` the request is complete.
    func headersEnded(stream: Int32, endsStream: Bool) {
        guard let current = streams[stream], !current.dispatched else { return }
        if current.headersTooLarge {
            refuse(current, id: stream, error: .headersTooLarge)
        } else if endsStream {
            complete(current, id: stream)
        }
    }

    /// Body bytes of `stream` arrived; `session` resets a stream that would hold too much.
    func received(body chunk: UnsafeBufferPointer<UInt8>, stream: Int32, session: OpaquePointer?) {
        guard let current = streams[stream], !current.dispatched else { return }
        if current.body.count + chunk.count > settings.maxBodyBytes {
            return refuse(current, id: stream, error: .bodyTooLarge)
        }
        if bufferedBodyBytes + chunk.count > settings.maxBufferedBodyBytes {
            release(current)
            current.dispatched = true
            _ = nghttp2_submit_rst_stream(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), stream, NGHTTP2_ENHANCE_YOUR_CALM.rawValue)
            return
        }
        bufferedBodyBytes += chunk.count
        current.body.append(contentsOf: chunk)
    }

    /// The peer's DATA or trailers ended `stream`.
    func streamEnded(stream: Int32) {
        guard let current = streams[stream], !current.dispatched else { return }
        complete(current, id: stream)
    }

    /// nghttp2 closed `stream` (answered, reset by either side, or the session ended).
    func closed(stream: Int32) {
        if let current = streams.removeValue(forKey: stream) { release(current) }
    }

    /// Copies the next piece of `stream`'s response body into `buffer` (see `OutgoingBody.read`).
    func readResponseBody(of stream: Int32, into buffer: UnsafeMutablePointer<UInt8>, length: Int,
                          flags: UnsafeMutablePointer<UInt32>) -> Int {
        streams[stream]?.response.read(into: buffer, length: length, flags: flags) ?? Int(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue)
    }

    private func complete(_ stream: HTTP2Stream, id: Int32) {
        events.append(.request(stream: id, stream.request(withBody: true)))
        release(stream)
        stream.dispatched = true
    }

    private func refuse(_ stream: HTTP2Stream, id: Int32, error: HTTPParseError) {
        events.append(.refused(stream: id, head: stream.request(withBody: false), error: error))
        release(stream)
        stream.dispatched = true
    }

    /// Drops the request body `stream` holds.
    private func release(_ stream: HTTP2Stream) {
        guard !stream.body.isEmpty else { return }
        bufferedBodyBytes -= stream.body.count
        stream.body = []
    }
}
