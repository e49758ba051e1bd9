/// Bytes written into memory of its own, doubled when it runs out: a write is a bounds check and
/// a copy, where an append to an `[UInt8]` costs about 90 instructions for a run and 25 for a byte
/// (its uniqueness and growth checks). What `write(atMost:_:)` writes goes straight into the free
/// memory, with no copy. For what is written in many small pieces: a journal entry, log lines.
public struct ByteWriter: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// How many bytes are written.
    public var count: Int { written }
    @usableFromInline var written = 0

    /// An empty writer with room for `capacity` bytes before it grows.
    public init(capacity: Int) {
        self.capacity = Swift.max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// The bytes written, copied.
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: written))
    }

    /// Calls `body` with the bytes written.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: written))
    }

    /// The byte at `index`, below `count`.
    public subscript(index: Int) -> UInt8 {
        get {
            precondition(index >= 0 && index < written, "ByteWriter: index out of range")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < written, "ByteWriter: index out of range")
            base[index] = newValue
        }
    }

    /// Writes one byte.
    @inlinable public mutating func write(_ byte: UInt8) {
        reserve(1)
        base[written] = byte
        written += 1
    }

    /// Writes `bytes` as they are.
    @inlinable public mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + written).update(from: source, count: bytes.count)
        written += bytes.count
    }

    /// Writes the UTF-8 bytes of `text`.
    @inlinable public mutating func write(utf8Of text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    /// Writes what `write` writes, at most `maximumCount` bytes, in place.
    @inlinable public mutating func write(atMost maximumCount: Int, _ write: (inout FixedBufferWriter) -> Void) {
        reserve(maximumCount)
        var writer = FixedBufferWriter(base: base + written, capacity: maximumCount)
        write(&writer)
        written += writer.count
    }

    /// Inserts `bytes` before the byte at `index` (at most `count`), moving what follows.
    public mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) {
        precondition(index >= 0 && index <= written, "ByteWriter: index out of range")
        guard let source = bytes.baseAddress else { return }
        reserve(bytes.count)
        (base + index + bytes.count).update(from: base + index, count: written - index)
        (base + index).update(from: source, count: bytes.count)
        written += bytes.count
    }

    /// Forgets what was written, keeping the memory.
    public mutating func removeAll() {
        written = 0
    }

    /// Makes room for `extra` more bytes.
    @inlinable mutating func reserve(_ extra: Int) {
        if extra > capacity - written { grow(by: extra) }
    }

    @usableFromInline mutating func grow(by extra: Int) {
        let grown = Swift.max(2 * capacity, written + extra)
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        memory.initialize(from: base, count: written)
        base.deallocate()
        base = memory
        capacity = grown
    }
}

/// A writer owns its memory alone and cannot be copied: handing it to another thread hands the
/// memory over with it.
extension ByteWriter: @unchecked Sendable {}
