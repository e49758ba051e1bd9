/// The journal rows of one transaction, stored as one database row (`JournalStore`): SQLite then
/// inserts, and once they are the oldest deletes, a row per block rather than one per entry.
///
/// `data` holds the rows in order, each as its time (8 bytes) and then its method, path, verdict
/// and entry, each a 4-byte length and its bytes; `sizes` holds each entry's length (4 bytes each),
/// so that trimming reads it without the entries. Integers are little-endian.
struct JournalBlock: Sendable {
    /// How many rows the block holds.
    let count: Int
    /// The latest of their times.
    let latestTime: Int64
    /// The length of their entries, in bytes (what `JournalLimits.bytes` bounds).
    let entryBytes: Int
    /// Each entry's length in bytes, 4 bytes each.
    let sizes: [UInt8]
    /// The rows.
    let data: [UInt8]

    /// The new block's id is the largest so far plus one, and at least ?5: an emptied table would
    /// otherwise give ids again from 1, below the watermark of blocks already gone. Its `latest_ms`
    /// is the latest of its own times, ?6, and the newest block's `latest_ms`: a listing going
    /// back in time stops at the first block whose `latest_ms` is before what it looks for, even
    /// when a slow request was answered, and stored, after later ones.
    private static let insertSQL = """
        INSERT INTO journal_block (id, entries, bytes, latest_ms, sizes, data)
            VALUES (max(coalesce((SELECT max(id) FROM journal_block), 0) + 1, ?5), ?1, ?2,
                    max(?6, coalesce((SELECT latest_ms FROM journal_block ORDER BY id DESC LIMIT 1), ?6)), ?3, ?4)
        """

    /// The bytes of a row in `data` beside its texts and entry: its time and four lengths.
    private static let rowFraming = MemoryLayout<UInt64>.size + 4 * MemoryLayout<UInt32>.size

    /// The block holding `rows`, in order.
    init(_ rows: ArraySlice<JournalRow>) {
        count = rows.count
        latestTime = rows.reduce(Int64.min) { max($0, $1.timeMilliseconds) }
        entryBytes = rows.reduce(0) { $0 + $1.entry.count }
        sizes = Self.bytes(count: 4 * rows.count) { writer in
            for row in rows { writer.put(UInt32(row.entry.count)) }
        }
        let dataCount = rows.reduce(0) { $0 + Self.rowFraming + $1.method.utf8.count + $1.path.utf8.count + $1.verdict.utf8.count + $1.entry.count }
        data = Self.bytes(count: dataCount) { writer in
            for row in rows {
                writer.put(UInt64(bitPattern: row.timeMilliseconds))
                writer.putField(row.method.utf8)
                writer.putField(row.path.utf8)
                writer.putField(row.verdict.utf8)
                writer.putField(row.entry)
            }
        }
    }

    /// Stores the block after every other: its id is the largest, and at least `smallestID`.
    func insert(into database: Database, smallestID: Int64 = 1) throws(StoreError) {
        try database.execute(Self.insertSQL, [.integer(Int64(count)), .integer(Int64(entryBytes)), .blob(sizes), .blob(data),
                                              .integer(smallestID), .integer(latestTime)])
    }

    /// The entry lengths in a block's `sizes`, or nil when they are not a whole number of lengths.
    static func entrySizes(_ sizes: [UInt8]) -> [Int]? {
        guard sizes.count % 4 == 0 else { return nil }
        return stride(from: 0, to: sizes.count, by: 4).map { Int(integer(of: UInt32.self, in: sizes[$0..<$0 + 4])) }
    }

    /// One row of a block, its texts and entry still in the block's bytes: a listing copies only
    /// the entries it selects.
    struct StoredRow {
        let timeMilliseconds: Int64
        let method: ArraySlice<UInt8>
        let path: ArraySlice<UInt8>
        let verdict: ArraySlice<UInt8>
        let entry: ArraySlice<UInt8>
    }

    /// The rows in a block's `data`, in order, or nil when the bytes are not a block's.
    static func storedRows(_ data: [UInt8]) -> [StoredRow]? {
        var reader = Reader(bytes: data[...])
        var rows: [StoredRow] = []
        while !reader.isAtEnd {
            guard let time = reader.integer(of: UInt64.self), let method = reader.field(), let path = reader.field(),
                  let verdict = reader.field(), let entry = reader.field() else { return nil }
            rows.append(StoredRow(timeMilliseconds: Int64(bitPattern: time), method: method, path: path, verdict: verdict, entry: entry))
        }
        return rows
    }

    /// Exactly `count` bytes, as `write` writes them: in one allocation, with no capacity check per value.
    private static func bytes(count: Int, _ write: (inout Writer) -> Void) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var writer = Writer(buffer: UnsafeMutableRawBufferPointer(buffer))
            write(&writer)
            precondition(writer.offset == count, "a journal block's size was miscounted")
            initialized = count
        }
    }

    /// Writes a block's integers and fields into memory sized for them.
    private struct Writer {
        let buffer: UnsafeMutableRawBufferPointer
        var offset = 0

        mutating func put<Integer: FixedWidthInteger>(_ value: Integer) {
            buffer.storeBytes(of: value.littleEndian, toByteOffset: offset, as: Integer.self)
            offset += MemoryLayout<Integer>.size
        }

        /// The 4-byte length of `field` and then its bytes.
        mutating func putField<Field: Collection<UInt8>>(_ field: Field) {
            put(UInt32(field.count))
            UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<offset + field.count]).copyBytes(from: field)
            offset += field.count
        }
    }

    /// The little-endian integer in `bytes` (exactly its width).
    private static func integer<Integer: FixedWidthInteger>(of type: Integer.Type, in bytes: ArraySlice<UInt8>) -> Integer {
        bytes.reversed().reduce(Integer.zero) { $0 << 8 | Integer($1) }
    }

    /// Reads a block's `data` front to back, checking every length against what is left.
    private struct Reader {
        var bytes: ArraySlice<UInt8>

        var isAtEnd: Bool { bytes.isEmpty }

        mutating func integer<Integer: FixedWidthInteger>(of type: Integer.Type) -> Integer? {
            take(Integer.bitWidth / 8).map { JournalBlock.integer(of: type, in: $0) }
        }

        /// A 4-byte length and that many bytes.
        mutating func field() -> ArraySlice<UInt8>? {
            integer(of: UInt32.self).flatMap { take(Int($0)) }
        }

        private mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard bytes.count >= count else { return nil }
            defer { bytes = bytes.dropFirst(count) }
            return bytes.prefix(count)
        }
    }
}
