import Glibc

/// The bytes a parser has received and not yet consumed.
///
/// Lines are found by index arithmetic over one contiguous buffer; the scan position survives appends,
/// so a line that arrives one byte at a time is still scanned only once.
struct ByteInput: Sendable {
    /// What `nextLine(maxBytes:)` found.
    enum LineScan {
        /// A complete line: the range of `storage` it occupies, without its CRLF (consumed).
        case line(Range<Int>)
        /// No line end yet, and the line may still fit.
        case incomplete
        /// The line, CRLF included, cannot fit in the allowed bytes.
        case tooLong
        /// A line ends with LF not preceded by CR.
        case bareLineFeed
    }

    /// Received bytes; those before `readIndex` are consumed.
    private(set) var storage: [UInt8] = []
    /// The first unconsumed byte of `storage`.
    private(set) var readIndex = 0
    /// How many unconsumed bytes are already known to hold no LF.
    private var scannedWithoutLineFeed = 0

    /// The number of unconsumed bytes.
    var readableCount: Int { storage.count - readIndex }

    /// Adds received bytes after the unconsumed ones.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        reclaimConsumedBytes()
        storage.append(contentsOf: bytes)
    }

    /// Marks the next `count` bytes as consumed.
    mutating func consume(_ count: Int) {
        readIndex += count
        scannedWithoutLineFeed = 0
    }

    /// Moves up to `limit` unconsumed bytes to the end of `destination`; returns how many moved.
    mutating func move(upTo limit: Int, into destination: inout [UInt8]) -> Int {
        let count = min(limit, readableCount)
        guard count > 0 else { return 0 }
        destination.append(contentsOf: storage[readIndex..<(readIndex + count)])
        consume(count)
        return count
    }

    /// The text of a range of `storage` (a range `nextLine` returned), decoded as UTF-8.
    /// `isASCII` tells that the bytes are known to be ASCII, so a short text skips UTF-8 validation.
    func string(_ range: Range<Int>, isASCII: Bool) -> String {
        storage.withUnsafeBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(rebasing: buffer[range])
            return isASCII ? ASCII.string(bytes) : String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Whether the next unconsumed bytes are CR LF; nil while fewer than two bytes are here.
    var startsWithLineEnd: Bool? {
        guard readableCount >= 2 else { return nil }
        return storage[readIndex] == ASCII.cr && storage[readIndex + 1] == ASCII.lf
    }

    /// Finds the next CRLF-terminated line no longer than `maxBytes`, CRLF included.
    ///
    /// Bare LF line ends are refused rather than tolerated (RFC 9112 §2.2 allows either): a lone LF is
    /// what request-smuggling payloads use to make two parsers disagree on where a line ends.
    mutating func nextLine(maxBytes: Int) -> LineScan {
        let searchEnd = readIndex + max(0, min(maxBytes, readableCount))
        let searchStart = readIndex + scannedWithoutLineFeed
        let lineFeed: Int? = storage.withUnsafeBufferPointer { buffer in
            guard searchStart < searchEnd, let base = buffer.baseAddress,
                  let found = memchr(base + searchStart, Int32(ASCII.lf), searchEnd - searchStart)
            else {
                return nil
            }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
        guard let lineFeed else {
            if readableCount >= maxBytes { return .tooLong }
            scannedWithoutLineFeed = max(scannedWithoutLineFeed, searchEnd - readIndex)
            return .incomplete
        }
        guard lineFeed > readIndex, storage[lineFeed - 1] == ASCII.cr else { return .bareLineFeed }
        let line = readIndex..<(lineFeed - 1)
        consume(lineFeed + 1 - readIndex)
        return .line(line)
    }

    /// Drops consumed bytes when that is cheap relative to what stays (at least 4 KiB, and no fewer
    /// bytes than remain to move), so the buffer does not grow with the connection's lifetime.
    /// Ranges returned earlier are invalid after this.
    private mutating func reclaimConsumedBytes() {
        if readIndex == storage.count {
            storage.removeAll(keepingCapacity: true)
            readIndex = 0
        } else if readIndex >= 4096, readIndex >= readableCount {
            storage.removeSubrange(0..<readIndex)
            readIndex = 0
        }
    }
}
