/// Hexadecimal encoding and decoding.
public enum Hex {
    private static let lowerDigits = Array("0123456789abcdef".utf8)
    private static let upperDigits = Array("0123456789ABCDEF".utf8)

    /// `bytes` as hex digits, two per byte.
    public static func encode(_ bytes: some Collection<UInt8>, uppercase: Bool = false) -> String {
        // Contiguous input (an array, the usual case) is encoded without generic iteration.
        bytes.withContiguousStorageIfAvailable { encode(UnsafeRawBufferPointer($0), uppercase: uppercase) }
            ?? Array(bytes).withUnsafeBytes { encode($0, uppercase: uppercase) }
    }

    /// `bytes` as hex digits, two per byte, for callers in this module that hold raw bytes.
    static func encode(_ bytes: UnsafeRawBufferPointer, uppercase: Bool) -> String {
        let digits = uppercase ? upperDigits : lowerDigits
        return String(unsafeUninitializedCapacity: bytes.count * 2) { buffer in
            var index = 0
            for byte in bytes {
                buffer[index] = digits[Int(byte >> 4)]
                buffer[index + 1] = digits[Int(byte & 0x0F)]
                index += 2
            }
            return index
        }
    }

    /// The bytes of a hex string (either case), or nil when it is not an even run of hex digits.
    public static func decode(_ text: String) -> [UInt8]? {
        // Concrete, not generic: a generic call from another module would look its metadata up at run time.
        text.utf8.withContiguousStorageIfAvailable(decode) ?? Array(text.utf8).withUnsafeBufferPointer(decode)
    }

    private static func decode(_ digits: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard digits.count.isMultiple(of: 2) else { return nil }
        // An empty uninitialized array would have its count written into the storage that all empty
        // arrays share: a data race.
        guard !digits.isEmpty else { return [] }
        var valid = true
        let output = [UInt8](unsafeUninitializedCapacity: digits.count / 2) { buffer, count in
            for index in 0..<digits.count / 2 {
                guard let high = value(of: digits[2 * index]), let low = value(of: digits[2 * index + 1]) else {
                    valid = false
                    break
                }
                buffer[index] = high << 4 | low
                count = index + 1
            }
        }
        return valid ? output : nil
    }

    /// The value of one hex digit, or nil. Arithmetic, not a table: the signature check calls it for
    /// every digit it receives, and reading a shared table would retain and release it each time.
    static func value(of digit: UInt8) -> UInt8? {
        let decimal = digit &- UInt8(ascii: "0")
        let letter = (digit | 0x20) &- UInt8(ascii: "a")
        if decimal < 10 { return decimal }
        return letter < 6 ? letter + 10 : nil
    }
}
