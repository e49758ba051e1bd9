import Crypto

/// Request ids unique across restarts and loops: a random per-loop prefix and a counter.
struct RequestIDGenerator {
    /// `9f3a0c1e-0-`, UTF-8.
    private let prefix: [UInt8]
    private var counter: UInt64 = 0

    init(loopIndex: Int) {
        prefix = Array((Hex.encode(SecureRandom.bytes(4)) + "-\(loopIndex)-").utf8)
    }

    /// The next id, such as `9f3a0c1e-0-42`: written into the string's own storage, digits and all
    /// (no integer's `String` to make and append).
    mutating func next() -> String {
        counter += 1
        var digitCount = 1
        var rest = counter / 10
        while rest > 0 {
            digitCount += 1
            rest /= 10
        }
        let prefix = prefix, counter = counter
        return String(unsafeUninitializedCapacity: prefix.count + digitCount) { buffer in
            _ = buffer.initialize(from: prefix)
            var value = counter
            for index in (prefix.count..<prefix.count + digitCount).reversed() {
                buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
            return prefix.count + digitCount
        }
    }
}
