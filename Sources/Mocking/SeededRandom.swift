/// SplitMix64: a small, fast generator whose sequence is fixed by its seed, so that a stub with
/// a `seed` answers the same "random" values in every run. Not for secrets.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// The generator started at `seed`.
    public init(seed: UInt64) { state = seed }

    /// The generator for answer number `sequence` of a stub seeded with `seed`: every answer has
    /// its own stream, so the values of answer 3 do not depend on how many answers 1 and 2 drew.
    init(seed: UInt64, sequence: Int) {
        var mixer = SeededRandom(seed: seed ^ (UInt64(truncatingIfNeeded: sequence) &* 0x9E37_79B9_7F4A_7C15))
        state = mixer.next()
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A version 4 UUID in its lowercase text form, drawn from this generator.
    mutating func uuid() -> String {
        var bytes = (0..<2).flatMap { _ in withUnsafeBytes(of: next().bigEndian, Array.init) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = bytes.map(Self.hexByte).joined()
        let characters = Array(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }.joined(separator: "-")
    }

    /// `count` random lowercase hexadecimal digits.
    mutating func hexDigits(_ count: Int) -> String {
        var digits = ""
        while digits.count < count { digits += Self.hexByte(UInt8(truncatingIfNeeded: next())) }
        return String(digits.prefix(count))
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
