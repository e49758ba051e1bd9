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

    /// The replaced text, or nil when `bytes` does not contain the pattern.
    private func replacing<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes) -> String? where Bytes.Index == Int {
        var output: [UInt8] = []
        var copiedUpTo = bytes.startIndex
        var index = bytes.startIndex
        let last = bytes.endIndex - pattern.count
        while index <= last {
            if bytes[index] == pattern[0] && bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                output.append(contentsOf: bytes[copiedUpTo..<index])
                output.append(contentsOf: replacement)
                index += pattern.count
                copiedUpTo = index
            } else {
                index += 1
            }
        }
        guard copiedUpTo != bytes.startIndex else { return nil }
        output.append(contentsOf: bytes[copiedUpTo...])
        return String(decoding: output, as: UTF8.self)
    }
}
