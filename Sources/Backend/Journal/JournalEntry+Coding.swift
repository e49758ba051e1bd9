import JSON
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

/// Appends the compact form's values to a `ByteWriter` (an entry takes some thirty writes).
struct CompactWriter: ~Copyable {
    private var writer: ByteWriter

    init(capacity: Int) {
        writer = ByteWriter(capacity: capacity)
    }

    /// The bytes written.
    var bytes: [UInt8] { writer.bytes }

    /// How many bytes are written.
    var count: Int { writer.count }

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
        writer.write(JournalEntry.compactFormat)
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
    /// when it is below 128 (the usual case), else with its other bytes inserted after that one.
    mutating func countAfterwards(_ write: (inout CompactWriter) -> Int) {
        let start = writer.count
        writer.write(0)
        let written = write(&self)
        guard written >= 0x80 else { return writer[start] = UInt8(written) }
        writer[start] = UInt8(truncatingIfNeeded: written) | 0x80
        var rest = CompactWriter(capacity: 10)
        rest.unsigned(UInt64(written) >> 7)
        rest.writer.withBytes { writer.insert($0, at: start + 1) }
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
        writer.write(text)
    }

    /// The UTF-8 `text` with every one of `replacements` applied; copied as it is when none occurs in it.
    mutating func text(_ text: UnsafeBufferPointer<UInt8>, replacing replacements: [TextReplacement]) {
        guard replacements.contains(where: { $0.occurs(in: text) }) else { return self.text(text) }
        self.text(replacements.reduce(String(decoding: text, as: UTF8.self)) { $1.apply(to: $0) })
    }

    mutating func blob(_ value: [UInt8]) {
        count(value.count)
        value.withUnsafeBufferPointer { writer.write($0) }
    }

    mutating func texts(_ texts: [String]) {
        count(texts.count)
        for text in texts { self.text(text) }
    }

    mutating func bits(_ value: UInt64) {
        writer.write(atMost: 8) { bytes in
            for shift in stride(from: 0, to: 64, by: 8) { bytes.write(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
        }
    }

    /// A presence byte, then the value when there is one.
    mutating func optional<Value>(_ value: Value?, _ write: (inout CompactWriter, Value) -> Void) {
        guard let value else { return writer.write(0) }
        writer.write(1)
        write(&self, value)
    }

    private mutating func unsigned(_ value: UInt64) {
        guard value >= 0x80 else { return writer.write(UInt8(value)) }
        // At most ten bytes: 64 bits, seven to a byte.
        writer.write(atMost: 10) { bytes in
            var value = value
            while value >= 0x80 {
                bytes.write(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.write(UInt8(value))
        }
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
