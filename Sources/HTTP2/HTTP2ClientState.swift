import CNGHTTP2
import HTTP

/// What the callbacks of one client session read and write (nghttp2's user data).
final class HTTP2ClientState {
    /// A response being received.
    struct Exchange {
        var request = OutgoingBody()
        var status = 0
        var headers = HTTPHeaders()
        var body: [UInt8] = []
    }

    var exchanges: [Int32: Exchange] = [:]
    /// Finished streams, in the order they finished.
    var results: [(stream: Int32, result: HTTP2ClientResult)] = []
    /// The most response body bytes one stream may hold.
    let maxBodyBytes: Int
    /// The server sent GOAWAY.
    var goAwayReceived = false

    init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
    }

    func received(field name: String, value: String, stream: Int32) {
        guard exchanges[stream] != nil else { return }
        if name == ":status" {
            exchanges[stream]?.status = Int(value) ?? 0
        } else if !name.hasPrefix(":") {
            exchanges[stream]?.headers.add(name: name, value: value)
        }
    }

    /// Response headers of `stream` ended; an interim (1xx) response starts over.
    func headersEnded(stream: Int32) {
        guard let status = exchanges[stream]?.status, (100..<200).contains(status) else { return }
        exchanges[stream]?.status = 0
        exchanges[stream]?.headers = HTTPHeaders()
    }

    func received(body chunk: UnsafeBufferPointer<UInt8>, stream: Int32) -> Bool {
        guard let exchange = exchanges[stream] else { return true }
        guard exchange.body.count + chunk.count <= maxBodyBytes else { return false }
        exchanges[stream]?.body.append(contentsOf: chunk)
        return true
    }

    /// `stream` closed: its response when it ended cleanly, else the reset's code.
    func closed(stream: Int32, errorCode: UInt32) {
        guard let exchange = exchanges.removeValue(forKey: stream) else { return }
        if errorCode == NGHTTP2_NO_ERROR.rawValue && exchange.status != 0 {
            let response = HTTPResponse(status: HTTPStatus(code: exchange.status), headers: exchange.headers, body: exchange.body)
            results.append((stream, .response(response)))
        } else {
            results.append((stream, .reset(errorCode: errorCode)))
        }
    }

    /// Copies the next piece of `stream`'s request body into `buffer` (see `OutgoingBody.read`).
    func readRequestBody(of stream: Int32, into buffer: UnsafeMutablePointer<UInt8>, length: Int,
                         flags: UnsafeMutablePointer<UInt32>) -> Int {
        exchanges[stream]?.request.read(into: buffer, length: length, flags: flags) ?? Int(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue)
    }
}

/// The C callbacks of a client session; each finds its `HTTP2ClientState` in nghttp2's user data.
enum HTTP2ClientCallbacks {
    static func install(in callbacks: OpaquePointer) {
        nghttp2_session_callbacks_set_on_header_callback(callbacks) { _, frame, name, nameLength, value, valueLength, _, userData in
            guard let frame, let state = state(userData) else { return 0 }
            state.received(field: String(bytes: name, count: nameLength), value: String(bytes: value, count: valueLength),
                           stream: frame.pointee.hd.stream_id)
            return 0
        }
        nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks) { _, frame, userData in
            guard let frame, let state = state(userData) else { return 0 }
            if frame.pointee.hd.type == UInt8(NGHTTP2_HEADERS.rawValue) {
                state.headersEnded(stream: frame.pointee.hd.stream_id)
            } else if frame.pointee.hd.type == UInt8(NGHTTP2_GOAWAY.rawValue) {
                state.goAwayReceived = true
            }
            return 0
        }
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks) { _, _, stream, data, length, userData in
            guard let state = state(userData), let data else { return 0 }
            let kept = state.received(body: UnsafeBufferPointer(start: data, count: length), stream: stream)
            return kept ? 0 : Int32(NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE.rawValue)
        }
        nghttp2_session_callbacks_set_on_stream_close_callback(callbacks) { _, stream, errorCode, userData in
            state(userData)?.closed(stream: stream, errorCode: errorCode)
            return 0
        }
    }

    static let readRequestBody: nghttp2_data_source_read_callback = { _, stream, buffer, length, flags, _, userData in
        guard let state = state(userData), let buffer, let flags else { return Int(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue) }
        return state.readRequestBody(of: stream, into: buffer, length: length, flags: flags)
    }

}

/// The client state in nghttp2's user data (a free function: a C callback cannot capture the enum's metatype).
private func state(_ userData: UnsafeMutableRawPointer?) -> HTTP2ClientState? {
    userData.map { Unmanaged<HTTP2ClientState>.fromOpaque($0).takeUnretainedValue() }
}
