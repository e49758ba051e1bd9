/// Writes bytes into memory sized in advance: no growth or uniqueness check per byte, as each
/// append to an array costs (about 25 instructions for a byte, 90 for a run, under callgrind).
/// `[UInt8].append(atMost:_:)` gives one on the stack and appends what it wrote in one copy.
/// Every write checks that it stays inside the memory: a caller that sizes it too small stops the
/// process rather than writing past it.
public struct FixedBufferWriter: ~Copyable {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline let capacity: Int
    /// How many bytes are written.
    public var count: Int { written }
    @usableFromInline var written = 0

    @usableFromInline init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// Writes one byte.
    @inlinable public mutating func write(_ byte: UInt8) {
        precondition(written < capacity, "FixedBufferWriter: more bytes than its memory holds")
        base[written] = byte
        written += 1
    }

    /// Writes `bytes` as they are.
    @inlinable public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        precondition(bytes.count <= capacity - written, "FixedBufferWriter: more bytes than its memory holds")
        (base + written).update(from: source, count: bytes.count)
        written += bytes.count
    }

    /// Writes the UTF-8 bytes of a literal.
    @inlinable public mutating func write(_ literal: StaticString) {
        write(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// The most bytes `writeInteger` writes: `-9223372036854775808`.
    public static let integerCapacity = 20

    /// Writes `value` in decimal, as `String(value)` spells it.
    public mutating func writeInteger(_ value: Int64) {
        if value < 0 { write(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        precondition(digits <= capacity - written, "FixedBufferWriter: more bytes than its memory holds")
        // Least significant first, from the end of the number.
        var index = written + digits
        repeat {
            index -= 1
            base[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while index > written
        written += digits
    }

    /// The most bytes `writeThousandths` writes: a `Double`'s longest description
    /// (`-2.2250738585072014e-308`, 24 bytes), with room to spare.
    public static let thousandthsCapacity = 32

    /// Writes `value` rounded to thousandths, as `JSONNumber((value * 1000).rounded() / 1000)`
    /// writes it: Swift's shortest round-trip description (`0.042`, `2.0`, `12345.679`).
    ///
    /// Below 10^12 thousandths the rounded value has at most 15 significant digits, and no other
    /// decimal of that length or shorter reads as the same `Double`: its shortest description is
    /// the thousandths themselves, without trailing zeros. Other values (negative, huge, NaN)
    /// take `JSONNumber`'s own path.
    public mutating func writeThousandths(_ value: Double) {
        let scaled = (value * 1000).rounded()
        guard scaled.sign == .plus, scaled < 1e12 else {
            var text = JSONNumber(scaled / 1000).text
            text.withUTF8 { write($0) }
            return
        }
        let thousandths = Int64(scaled)
        writeInteger(thousandths / 1000)
        write(UInt8(ascii: "."))
        var fraction = thousandths % 1000
        guard fraction > 0 else { return write(UInt8(ascii: "0")) }
        var place: Int64 = 100
        while fraction > 0 {
            write(UInt8(ascii: "0") + UInt8(fraction / place))
            fraction %= place
            place /= 10
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends what `write` writes, at most `maximumCount` bytes, in one copy: small amounts are
    /// written on the stack (larger ones in memory allocated for the call).
    @inlinable public mutating func append(atMost maximumCount: Int, _ write: (inout FixedBufferWriter) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(maximumCount, 1)) { memory in
            guard let base = memory.baseAddress else { return }
            var writer = FixedBufferWriter(base: base, capacity: memory.count)
            write(&writer)
            append(contentsOf: UnsafeBufferPointer(start: base, count: writer.count))
        }
    }
}

extension String {
    /// The string of the UTF-8 bytes `write` writes, at most `maximumCount` of them: written on the
    /// stack, then made a string of their exact size (up to 15 bytes, one held inline with no
    /// allocation at all).
    @inlinable public init(utf8AtMost maximumCount: Int, _ write: (inout FixedBufferWriter) -> Void) {
        self = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Swift.max(maximumCount, 1)) { memory in
            guard let base = memory.baseAddress else { return "" }
            var writer = FixedBufferWriter(base: base, capacity: memory.count)
            write(&writer)
            return String(decoding: UnsafeBufferPointer(start: base, count: writer.count), as: UTF8.self)
        }
    }
}
