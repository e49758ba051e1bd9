import CNGHTTP2

/// Header fields laid out for nghttp2: every name and value in one buffer, and the `nghttp2_nv` array
/// pointing into it, valid for the duration of `withFields` (nghttp2 copies what it submits).
struct HeaderBlock {
    private var bytes: [UInt8] = []
    private var spans: [(name: Range<Int>, value: Range<Int>)] = []

    init() {}

    /// Appends a field; the name must already be lowercase, as HTTP/2 requires.
    mutating func add(name: String, value: String) {
        let nameStart = bytes.count
        bytes.append(contentsOf: name.utf8)
        let valueStart = bytes.count
        bytes.append(contentsOf: value.utf8)
        spans.append((nameStart..<valueStart, valueStart..<bytes.count))
    }

    /// Calls `body` with the fields as an `nghttp2_nv` array and its length.
    mutating func withFields<Result>(_ body: (UnsafePointer<nghttp2_nv>?, Int) -> Result) -> Result {
        // One byte more than needed, so that the buffer has an address even when every field is empty.
        bytes.append(0)
        defer { bytes.removeLast() }
        let spans = spans
        return bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return body(nil, 0) }
            let fields = spans.map { span in
                nghttp2_nv(
                    name: base + span.name.lowerBound, value: base + span.value.lowerBound,
                    namelen: span.name.count, valuelen: span.value.count, flags: UInt8(NGHTTP2_NV_FLAG_NONE.rawValue))
            }
            return fields.withUnsafeBufferPointer { body($0.baseAddress, $0.count) }
        }
    }
}

extension String {
    /// The text of `count` bytes at `pointer`, as UTF-8 (invalid sequences become U+FFFD).
    init(bytes pointer: UnsafePointer<UInt8>?, count: Int) {
        guard let pointer else {
            self = ""
            return
        }
        self = String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }
}
