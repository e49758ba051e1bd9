/// A digest of at most 32 bytes (MD5, SHA-256) held inline, so that computing one allocates nothing.
public struct Digest: Sendable {
    /// The largest digest a `Digest` holds, in bytes.
    static let capacity = 32
    private var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// The digest's length in bytes.
    public let count: Int

    /// A digest of `count` bytes written by `fill` into a buffer of exactly that size.
    init(count: Int, fill: (UnsafeMutableRawBufferPointer) -> Void) {
        precondition(count <= Self.capacity, "a digest of \(count) bytes does not fit")
        self.count = count
        withUnsafeMutableBytes(of: &storage) { fill(UnsafeMutableRawBufferPointer(rebasing: $0.prefix(count))) }
    }

    /// The digest made of `bytes` (at most 32).
    public init(_ bytes: [UInt8]) {
        self.init(count: bytes.count) { $0.copyBytes(from: bytes) }
    }

    /// The digest's bytes.
    public var bytes: [UInt8] {
        withUnsafeBytes(of: storage) { Array($0.prefix(count)) }
    }

    /// The digest's bytes as hex digits, without allocating an array first.
    public func hex(uppercase: Bool = false) -> String {
        withUnsafeBytes(of: storage) { Hex.encode(UnsafeRawBufferPointer(rebasing: $0.prefix(count)), uppercase: uppercase) }
    }

    /// Whether `hex` (digits of either case) spells exactly these bytes. The digest is compared in
    /// constant time: the duration does not reveal where a wrong `hex` differs from it.
    public func matches(hex: String) -> Bool {
        guard hex.utf8.count == 2 * count else { return false }
        return hex.utf8.withContiguousStorageIfAvailable { matches(digits: $0) }
            ?? Array(hex.utf8).withUnsafeBufferPointer { matches(digits: $0) }
    }

    private func matches(digits: UnsafeBufferPointer<UInt8>) -> Bool {
        withUnsafeBytes(of: storage) { digest in
            // What was received may be inspected freely; only the digest must not steer the timing.
            var difference: UInt8 = 0
            var invalid: UInt8 = 0
            for index in 0..<count {
                // 0xFF for a byte that is no hex digit: its high bits then mark the input invalid.
                let high = Hex.value(of: digits[2 * index]) ?? 0xFF
                let low = Hex.value(of: digits[2 * index + 1]) ?? 0xFF
                invalid |= (high | low) & 0xF0
                difference |= (high << 4 | low) ^ digest[index]
            }
            return invalid == 0 && difference == 0
        }
    }
}
