/// Writes a message head into memory sized for it in advance, then hands it over in one copy: no
/// growth or uniqueness check per byte, as appending piece by piece to an array would cost. Every
/// write checks that it stays inside the memory.
struct HeadWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// The bytes written so far.
    private(set) var count = 0

    /// A writer filling the `capacity` bytes at `base`.
    init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// The bytes written so far.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// How much memory a head needs beyond its texts: the version, status code, framing fields, line
    /// ends and separators, with every number at its longest.
    static let fixedCapacity = 160

    /// Writes one byte.
    mutating func write(_ byte: UInt8) {
        precondition(count < capacity, "message head larger than its reserved memory")
        base[count] = byte
        count += 1
    }

    /// Writes `bytes` as they are.
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        precondition(bytes.count <= capacity - count, "message head larger than its reserved memory")
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Writes a constant text.
    mutating func write(_ text: StaticString) {
        write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes a non-negative integer in decimal (negative values are written as 0).
    mutating func writeDecimal(_ value: Int) {
        let value = max(0, value)
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        precondition(digits <= capacity - count, "message head larger than its reserved memory")
        rest = value
        var index = count + digits
        while index > count {
            index -= 1
            base[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        count += digits
    }

    /// Writes a field value or reason phrase, control characters (CR, LF, NUL, ...) as SP.
    mutating func writeText(_ text: String) {
        var text = text
        text.withUTF8 { writeText($0) }
    }

    /// Writes field-value bytes, control characters (CR, LF, NUL, ...) as SP.
    mutating func writeText(_ bytes: UnsafeBufferPointer<UInt8>) {
        if ASCII.scanFieldValue(bytes).isValid {
            write(bytes)
        } else {
            for byte in bytes { write(ASCII.isFieldValueByte(byte) ? byte : ASCII.space) }
        }
    }

    /// Writes `name: value CRLF`. A name that is not a token is skipped, and control characters in the
    /// value are written as SP, so a field can never split the message.
    mutating func writeField(name: String, value: String) {
        var name = name
        name.withUTF8 { name in
            guard !name.isEmpty, name.allSatisfy(ASCII.isTokenByte) else { return }
            write(name)
            write(": ")
            writeText(value)
            write("\r\n")
        }
    }
}
