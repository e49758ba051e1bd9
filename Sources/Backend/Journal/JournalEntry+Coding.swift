import Signing

/// The stored form of a `JournalEntry`: a format byte, then each field in declaration order.
/// Texts are a length (LEB128) and their UTF-8 bytes, integers zigzag LEB128, the latency the
/// eight bytes of its bit pattern, an optional a presence byte before its value, a list its count
/// before its elements. Writing it is copying; only `JournalEntry(stored:)` walks it.
///
/// The format byte is never `{`: entries stored as JSON text by earlier versions are told apart
/// by it and read as they are.
extension JournalEntry {
    /// The first byte of an entry in this form.
    static let compactFormat: UInt8 = 1

    /// The entry `stored` holds, or nil when it is not one in this form (or is cut short).
    init?(stored: [UInt8]) {
        var reader = CompactReader(stored)
        guard reader.byte() == Self.compactFormat,
              let requestID = reader.text(), let time = reader.integer(), let method = reader.text(),
              let path = reader.text(), let protocolName = reader.text(),
              let headers = reader.list({ reader in reader.text().flatMap { name in reader.text().map { Header(name: name, value: $0) } } }),
              let headerNames = reader.list({ $0.text() }), let parameters = reader.blob(), let verdict = reader.text(),
              let numericArrays = reader.list({ $0.text() }),
              let nearMisses = reader.optional({ $0.blob() }), let diagnosis = reader.optional({ $0.blob() }),
              let httpStatus = reader.optional({ $0.integer() }), let code = reader.optional({ $0.integer() }),
              let latency = reader.bits(), let clientSubject = reader.optional({ $0.text() }),
              let proxied = reader.optional({ $0.blob() }), let contentType = reader.optional({ $0.text() }),
              let answer = reader.optional({ $0.blob() }), reader.isAtEnd else { return nil }
        self.init(requestID: requestID, timeMilliseconds: time, method: method, path: path, protocolName: protocolName,
                  headers: headers, headerNames: headerNames, parameters: parameters, verdict: verdict,
                  numericArrays: numericArrays, nearMisses: nearMisses, diagnosis: diagnosis, httpStatus: httpStatus,
                  code: code, latencyMilliseconds: Double(bitPattern: latency), clientSubject: clientSubject, proxied: proxied,
                  contentType: contentType, answer: answer)
    }
}

/// Appends the compact form's values to memory of its own, doubled when it runs out: an append
/// is a bounds check and a copy, where an append to an `[UInt8]` costs about 90 instructions for a
/// run and 25 for a byte (its uniqueness and growth checks), and an entry takes some thirty.
struct CompactWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are written.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written.
    var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// Writes a whole `JournalEntry` (its fields as parameters, in the order `JournalEntry(stored:)`
    /// reads them). `headers` writes the count of signed headers, then each name and value as a text;
    /// `headerNames` writes the list of names. The journal's writer calls it with what the request
    /// holds, so that no entry is built and freed per request.
    mutating func entry(
        requestID: String, timeMilliseconds: Int64, method: String, path: String, protocolName: String,
        headers: (inout CompactWriter) -> Void, headerNames: (inout CompactWriter) -> Void, parameters: [UInt8],
        verdict: String, numericArrays: [String], nearMisses: [UInt8]?, diagnosis: [UInt8]?, httpStatus: Int64?,
        code: Int64?, latencyMilliseconds: Double, clientSubject: String?, proxied: [UInt8]?, contentType: String?,
        answer: [UInt8]?
    ) {
        append(JournalEntry.compactFormat)
        text(requestID)
        integer(timeMilliseconds)
        text(method)
        text(path)
        text(protocolName)
        headers(&self)
        headerNames(&self)
        blob(parameters)
        text(verdict)
        texts(numericArrays)
        optional(nearMisses) { $0.blob($1) }
        optional(diagnosis) { $0.blob($1) }
        optional(httpStatus) { $0.integer($1) }
        optional(code) { $0.integer($1) }
        bits(latencyMilliseconds.bitPattern)
        optional(clientSubject) { $0.text($1) }
        optional(proxied) { $0.blob($1) }
        optional(contentType) { $0.text($1) }
        optional(answer) { $0.blob($1) }
    }

    mutating func count(_ value: Int) {
        unsigned(UInt64(value))
    }

    /// Writes the count that `write` returns before what `write` writes: in one byte kept for it
    /// when it is below 128 (the usual case), else moved in front.
    mutating func countAfterwards(_ write: (inout CompactWriter) -> Int) {
        let start = count
        append(0)
        let written = write(&self)
        guard written >= 0x80 else { return base[start] = UInt8(written) }
        // The count takes more than the byte kept for it: what followed that byte moves up.
        var length = 1
        while UInt64(written) >> (7 * UInt64(length)) != 0 { length += 1 }
        reserve(length - 1)
        (base + start + length).update(from: base + start + 1, count: count - (start + 1))
        var value = UInt64(written)
        for index in start..<(start + length) {
            base[index] = UInt8(truncatingIfNeeded: value) | (index < start + length - 1 ? 0x80 : 0)
            value >>= 7
        }
        count += length - 1
    }

    mutating func integer(_ value: Int64) {
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { self.text($0) }
    }

    /// The UTF-8 `text` as it is.
    mutating func text(_ text: UnsafeBufferPointer<UInt8>) {
        count(text.count)
        append(text)
    }

    /// The UTF-8 `text` with every one of `replacements` applied; copied as it is when none occurs in it.
    mutating func text(_ text: UnsafeBufferPointer<UInt8>, replacing replacements: [TextReplacement]) {
        guard replacements.contains(where: { $0.occurs(in: text) }) else { return self.text(text) }
        self.text(replacements.reduce(String(decoding: text, as: UTF8.self)) { $1.apply(to: $0) })
    }

    mutating func blob(_ value: [UInt8]) {
        count(value.count)
        value.withUnsafeBufferPointer { append($0) }
    }

    mutating func texts(_ texts: [String]) {
        count(texts.count)
        for text in texts { self.text(text) }
    }

    mutating func bits(_ value: UInt64) {
        reserve(8)
        UnsafeMutableRawPointer(base + count).storeBytes(of: value.littleEndian, as: UInt64.self)
        count += 8
    }

    /// A presence byte, then the value when there is one.
    mutating func optional<Value>(_ value: Value?, _ write: (inout CompactWriter, Value) -> Void) {
        guard let value else { return append(0) }
        append(1)
        write(&self, value)
    }

    @inline(__always)
    private mutating func unsigned(_ value: UInt64) {
        // At most ten bytes: 64 bits, seven to a byte.
        reserve(10)
        if value < 0x80 {
            base[count] = UInt8(value)
            count += 1
            return
        }
        var value = value
        while value >= 0x80 {
            base[count] = UInt8(truncatingIfNeeded: value) | 0x80
            count += 1
            value >>= 7
        }
        base[count] = UInt8(value)
        count += 1
    }

    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if extra > capacity - count { grow(by: extra) }
    }

    private mutating func grow(by extra: Int) {
        let grown = max(2 * capacity, count + extra)
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        memory.initialize(from: base, count: count)
        base.deallocate()
        base = memory
        capacity = grown
    }
}

/// Reads the compact form's values back, in order; every read is nil past the end.
struct CompactReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func integer() -> Int64? {
        unsigned().map { Int64(bitPattern: ($0 >> 1) ^ (0 &- ($0 & 1))) }
    }

    mutating func blob() -> [UInt8]? {
        guard let count = unsigned().flatMap(Int.init(exactly:)), count <= bytes.count - offset else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }

    mutating func text() -> String? {
        blob().map { String(decoding: $0, as: UTF8.self) }
    }

    mutating func bits() -> UInt64? {
        guard bytes.count - offset >= 8 else { return nil }
        defer { offset += 8 }
        return (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << UInt64($1 * 8) }
    }

    /// A count, then that many elements; nil when any is missing.
    mutating func list<Element>(_ read: (inout CompactReader) -> Element?) -> [Element]? {
        guard let count = unsigned(), count <= UInt64(bytes.count - offset) else { return nil }
        var elements: [Element] = []
        elements.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let element = read(&self) else { return nil }
            elements.append(element)
        }
        return elements
    }

    /// A presence byte, then the value: `.some(nil)` when absent, nil when unreadable.
    mutating func optional<Value>(_ read: (inout CompactReader) -> Value?) -> Value?? {
        switch byte() {
        case 0: return .some(nil)
        case 1: return read(&self).map { .some($0) }
        default: return nil
        }
    }

    private mutating func unsigned() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while let byte = byte() {
            guard shift < 64 else { return nil }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}
