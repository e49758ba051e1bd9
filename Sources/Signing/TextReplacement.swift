/// Replaces every occurrence of a fixed text in strings, byte by byte: the diagnosis runs it over
/// the canonical string and the journal's writer over every string of every entry, so a string
/// without the text costs one scan and no allocation.
public struct TextReplacement: Sendable {
    private let pattern: [UInt8]
    private let replacement: [UInt8]

    /// Replaces `text` (not empty) with `replacement`.
    public init(_ text: String, with replacement: String) {
        pattern = Array(text.utf8)
        self.replacement = Array(replacement.utf8)
    }

    /// `text` with every occurrence replaced, left to right.
    public func apply(to text: String) -> String {
        let utf8 = text.utf8
        guard !pattern.isEmpty, utf8.count >= pattern.count,
              let replaced = utf8.withContiguousStorageIfAvailable({ replacing(in: $0) }) ?? replacing(in: Array(utf8)) else {
            return text
        }
        return replaced
    }

    /// Whether the UTF-8 `bytes` contain the text: a writer that finds none keeps the bytes as they are.
    public func occurs(in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstOccurrence(in: bytes, from: 0) != nil
    }

    /// The replaced text, or nil when `bytes` does not contain the pattern.
    private func replacing<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes) -> String? where Bytes.Index == Int {
        var output: [UInt8] = []
        var copiedUpTo = bytes.startIndex
        while let index = firstOccurrence(in: bytes, from: copiedUpTo) {
            output.append(contentsOf: bytes[copiedUpTo..<index])
            output.append(contentsOf: replacement)
            copiedUpTo = index + pattern.count
        }
        guard copiedUpTo != bytes.startIndex else { return nil }
        output.append(contentsOf: bytes[copiedUpTo...])
        return String(decoding: output, as: UTF8.self)
    }

    /// Where the pattern next occurs in `bytes` at or after `start`, or nil.
    private func firstOccurrence<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, from start: Int) -> Int? where Bytes.Index == Int {
        guard !pattern.isEmpty, bytes.endIndex - start >= pattern.count else { return nil }
        for index in start...(bytes.endIndex - pattern.count)
        where bytes[index] == pattern[0] && bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
            return index
        }
        return nil
    }
}
