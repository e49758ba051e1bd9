import CNGHTTP2

/// A body leaving in DATA frames, read piece by piece by nghttp2's data source: a response's on the
/// server, a request's on the client.
struct OutgoingBody {
    var bytes: [UInt8] = []
    /// How many of `bytes` have been read.
    var sent = 0
    /// False while more is to come (a dribbled answer): reading the end then defers instead of ending the stream.
    var complete = true

    /// Copies the next piece into `buffer`: its length (the end flagged in `flags`), or
    /// `NGHTTP2_ERR_DEFERRED` while an incomplete body waits for more.
    mutating func read(into buffer: UnsafeMutablePointer<UInt8>, length: Int, flags: UnsafeMutablePointer<UInt32>) -> Int {
        let count = min(length, bytes.count - sent)
        if count == 0 && !complete { return Int(NGHTTP2_ERR_DEFERRED.rawValue) }
        let start = sent
        bytes.withUnsafeBufferPointer { body in
            guard let base = body.baseAddress, count > 0 else { return }
            buffer.update(from: base + start, count: count)
        }
        sent += count
        if sent == bytes.count && complete {
            flags.pointee |= NGHTTP2_DATA_FLAG_EOF.rawValue
            bytes = []
            sent = 0
        }
        return count
    }
}
