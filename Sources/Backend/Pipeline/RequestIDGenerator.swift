import Crypto
import JSON

/// Request ids unique across restarts and loops: a random per-loop prefix and a counter.
struct RequestIDGenerator {
    /// `9f3a0c1e-0-`, UTF-8.
    private let prefix: [UInt8]
    private var counter: Int64 = 0

    init(loopIndex: Int) {
        prefix = Array((Hex.encode(SecureRandom.bytes(4)) + "-\(loopIndex)-").utf8)
    }

    /// The next id, such as `9f3a0c1e-0-42`: prefix and digits written straight into the string's
    /// storage (no integer's `String` to make and append).
    mutating func next() -> String {
        counter += 1
        let counter = counter
        return prefix.withUnsafeBufferPointer { prefix in
            String(utf8AtMost: prefix.count + FixedBufferWriter.integerCapacity) { writer in
                writer.write(prefix)
                writer.writeInteger(counter)
            }
        }
    }
}
