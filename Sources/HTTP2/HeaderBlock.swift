import CNGHTTP2

/// Header fields laid out for nghttp2: every name and value in one buffer, and the `nghttp2_nv` array
/// pointing into it, valid for the duration of `withFields` (nghttp2 copies what it submits).
struct HeaderBlock {
    private var bytes: [UInt8] = []
    private var spans: [(name: Range<Int>, value: Range<Int>, flags: UInt8)] = []

    /// An empty block with room for `fields` fields of about 32 bytes each.
    init(fields: Int = 8) {
        bytes.reserveCapacity(fields * 32)
        spans.reserveCapacity(fields)
    }

    /// Appends a field; the name must already be lowercase, as HTTP/2 requires.
    mutating func add(name: String, value: String) {
        let nameStart = bytes.count
        append(name)
        addValue(value, nameStart: nameStart, flags: UInt8(NGHTTP2_NV_FLAG_NONE.rawValue))
    }

    /// Appends a field with `name` lowercased (ASCII letters only), unless the lowercased name is
    /// one of `omitted`; one of `neverIndexed` is marked for a never-indexed literal. No lowercased
    /// `String` is made.
    mutating func add(lowercasing name: String, value: String, unlessIn omitted: [[UInt8]], neverIndexed: [[UInt8]]) {
        let nameStart = bytes.count
        append(name)
        bytes.withUnsafeMutableBufferPointer { buffer in
            for index in nameStart..<buffer.count where buffer[index] &- 0x41 < 26 { buffer[index] |= 0x20 }
        }
        if Self.name(from: nameStart, in: bytes, isOneOf: omitted) { return bytes.removeSubrange(nameStart...) }
        let flags = Self.name(from: nameStart, in: bytes, isOneOf: neverIndexed) ? NGHTTP2_NV_FLAG_NO_INDEX : NGHTTP2_NV_FLAG_NONE
        addValue(value, nameStart: nameStart, flags: UInt8(flags.rawValue))
    }

    /// Whether the name written from `start` to the end of `bytes` is one of `names`.
    private static func name(from start: Int, in bytes: [UInt8], isOneOf names: [[UInt8]]) -> Bool {
        names.contains { $0.count == bytes.count - start && $0.elementsEqual(bytes[start...]) }
    }

    private mutating func addValue(_ value: String, nameStart: Int, flags: UInt8) {
        let valueStart = bytes.count
        append(value)
        spans.append((nameStart..<valueStart, valueStart..<bytes.count, flags))
    }

    /// Appends `text`'s UTF-8 in one copy when its storage is contiguous.
    private mutating func append(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: text.utf8)
        }
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
                    namelen: span.name.count, valuelen: span.value.count, flags: span.flags)
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
