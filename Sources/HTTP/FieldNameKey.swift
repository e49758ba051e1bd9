/// What a header lookup compares: a field name's length in bytes and its first sixteen bytes in
/// ASCII lower case. For a name of up to sixteen bytes (every common one) equal keys mean the names
/// are equal ignoring case; a longer name is compared in full when its key matches.
struct FieldNameKey: Sendable, Equatable {
    /// The longest name the key determines completely.
    static let coveredLength = 16

    private let length: Int
    private let head: UInt64
    private let tail: UInt64

    /// The key of `name`.
    init(_ name: String) {
        var name = name
        self = name.withUTF8 { bytes in
            FieldNameKey(length: bytes.count, head: Self.word(bytes, from: 0), tail: Self.word(bytes, from: 8))
        }
    }

    /// Whether equal keys alone prove the names equal ignoring case.
    var isComplete: Bool { length <= Self.coveredLength }

    private init(length: Int, head: UInt64, tail: UInt64) {
        self.length = length
        self.head = head
        self.tail = tail
    }

    /// Up to eight bytes from `start` on, lower-cased, as one integer (absent bytes are zero).
    /// Names of one length always take the same path here, so their words are comparable.
    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt64 {
        let end = min(start + 8, bytes.count)
        guard start < end, let base = bytes.baseAddress else { return 0 }
        if end - start == 8 {
            return lowercased(UnsafeRawPointer(base).loadUnaligned(fromByteOffset: start, as: UInt64.self))
        }
        var word: UInt64 = 0
        for index in start..<end {
            word |= UInt64(bytes[index]) << (8 * (index - start))
        }
        return lowercased(word)
    }

    /// `word` with every byte from `A` to `Z` mapped to lower case, the eight bytes at once: a byte's
    /// top bit marks the letters (at least `A`, not past `Z`, and ASCII), and moves down to 0x20.
    private static func lowercased(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low = word & (0x7F &* ones)
        let atLeastA = low &+ ((0x80 - 0x41) &* ones)
        let pastZ = low &+ ((0x80 - 0x5B) &* ones)
        let letters = atLeastA & ~pastZ & ~word & (0x80 &* ones)
        return word | letters >> 2
    }
}
