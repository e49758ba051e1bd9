/// The bytes of one fuzzer input, read from the front: a few control bytes that choose options
/// (limits, a split point, a content type), then the payload. Reading past the end gives zeros,
/// so every input, even an empty one, is usable.
struct FuzzInput {
    private var bytes: ArraySlice<UInt8>

    /// The input libFuzzer passed to `LLVMFuzzerTestOneInput`.
    init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = data.map { ArraySlice(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    /// The next byte, or 0 at the end.
    mutating func byte() -> UInt8 {
        bytes.popFirst() ?? 0
    }

    /// The next two bytes as a little-endian number.
    mutating func uint16() -> Int {
        Int(byte()) | Int(byte()) << 8
    }

    /// One of `choices`, picked by the next byte.
    mutating func choice<Element>(_ choices: [Element]) -> Element {
        choices[Int(byte()) % choices.count]
    }

    /// The bytes up to the first `separator` (consumed, not returned), or all the rest without one.
    mutating func prefix(upTo separator: UInt8) -> [UInt8] {
        guard let index = bytes.firstIndex(of: separator) else { return rest() }
        let prefix = Array(bytes[..<index])
        bytes = bytes[(index + 1)...]
        return prefix
    }

    /// Everything not read yet.
    mutating func rest() -> [UInt8] {
        defer { bytes = [] }
        return Array(bytes)
    }
}

/// Stops the fuzzer with `message` when a property the harness checks does not hold: libFuzzer
/// records the input as a crash.
func invariant(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    if !condition() { fatalError("invariant broken: \(message())") }
}
