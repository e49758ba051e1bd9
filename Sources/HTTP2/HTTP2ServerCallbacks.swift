import CNGHTTP2

/// The C callbacks of a server session; each finds its `HTTP2ServerState` in nghttp2's user data.
enum HTTP2ServerCallbacks {
    /// Sets every callback the server uses in `callbacks`.
    static func install(in callbacks: OpaquePointer) {
        nghttp2_session_callbacks_set_on_begin_headers_callback(callbacks) { session, frame, userData in
            guard let frame, let state = state(userData), isRequestHeaders(frame) else { return 0 }
            // A refusal nghttp2 could not queue (out of memory) ends the session.
            return state.headersBegan(stream: frame.pointee.hd.stream_id, session: session) ? 0 : Int32(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue)
        }
        nghttp2_session_callbacks_set_on_header_callback(callbacks) { _, frame, name, nameLength, value, valueLength, _, userData in
            guard let frame, let state = state(userData), isRequestHeaders(frame) else { return 0 }
            state.received(field: String(bytes: name, count: nameLength), value: String(bytes: value, count: valueLength),
                           stream: frame.pointee.hd.stream_id)
            return 0
        }
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks) { session, _, stream, data, length, userData in
            guard let state = state(userData), let data else { return 0 }
            state.received(body: UnsafeBufferPointer(start: data, count: length), stream: stream, session: session)
            return 0
        }
        nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks) { session, frame, userData in
            guard let frame, let state = state(userData) else { return 0 }
            let header = frame.pointee.hd
            guard state.admit(type: header.type, flags: header.flags) else {
                // A flood: the GOAWAY is queued, and the rest of the input is not read.
                _ = nghttp2_session_terminate_session(session, NGHTTP2_ENHANCE_YOUR_CALM.rawValue)
                return Int32(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue)
            }
            if header.type == UInt8(NGHTTP2_GOAWAY.rawValue) {
                state.peerWentAway = true
                // With no stream open, nghttp2 reads nothing more from the next read on; ending the
                // session here leaves the rest of this read unread too, so what is taken after a
                // GOAWAY does not depend on where the input was split.
                // (Out of memory for the GOAWAY: the session ends with an error instead.)
                guard nghttp2_session_want_read(session) != 0
                    || nghttp2_session_terminate_session(session, NGHTTP2_NO_ERROR.rawValue) == 0 else {
                    return Int32(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue)
                }
                return 0
            }
            let endsStream = header.flags & UInt8(NGHTTP2_FLAG_END_STREAM.rawValue) != 0
            if isRequestHeaders(frame) {
                state.headersEnded(stream: header.stream_id, endsStream: endsStream)
            } else if endsStream, header.type == UInt8(NGHTTP2_DATA.rawValue) || header.type == UInt8(NGHTTP2_HEADERS.rawValue) {
                state.streamEnded(stream: header.stream_id)
            }
            return 0
        }
        nghttp2_session_callbacks_set_on_stream_close_callback(callbacks) { _, stream, _, userData in
            state(userData)?.closed(stream: stream)
            return 0
        }
    }

    /// The read callback of every response body's data provider.
    static let readResponseBody: nghttp2_data_source_read_callback = { _, stream, buffer, length, flags, _, userData in
        guard let state = state(userData), let buffer, let flags else { return Int(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue) }
        return state.readResponseBody(of: stream, into: buffer, length: length, flags: flags)
    }

}

// Free functions: a C callback cannot capture the enum's metatype.

private func state(_ userData: UnsafeMutableRawPointer?) -> HTTP2ServerState? {
    userData.map { Unmanaged<HTTP2ServerState>.fromOpaque($0).takeUnretainedValue() }
}

/// Whether `frame` is the HEADERS frame that opens a request (not trailers, not a response).
private func isRequestHeaders(_ frame: UnsafePointer<nghttp2_frame>) -> Bool {
    frame.pointee.hd.type == UInt8(NGHTTP2_HEADERS.rawValue) && frame.pointee.headers.cat == NGHTTP2_HCAT_REQUEST
}
