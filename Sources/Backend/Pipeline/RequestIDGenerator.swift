import Crypto

/// Request ids unique across restarts and loops: a random per-loop prefix and a counter.
struct RequestIDGenerator {
    private let prefix: String
    private var counter: UInt64 = 0

    init(loopIndex: Int) {
        prefix = Hex.encode(SecureRandom.bytes(4)) + "-\(loopIndex)-"
    }

    /// The next id, such as `9f3a0c1e-0-42`.
    mutating func next() -> String {
        counter += 1
        return prefix + String(counter)
    }
}
