import Crypto

/// What the canonicalizer built from a request: the sorted keys and the key + value pieces, in
/// the order they are concatenated. It holds no secret: each method takes the secret it needs.
public struct CanonicalRequest: Sendable {
    /// One concatenated key and value.
    struct Piece: Sendable {
        let key: String
        let value: String
        /// Whether `value` is an `Authorization` field, shortened in displays.
        let isToken: Bool
    }

    /// The keys in the order they were concatenated (a key that is both a header and a parameter twice).
    public var keys: [String] { listedKeys ?? pieces.map(\.key) }
    /// The keys, when they are not simply those of the pieces (a key both a header and a parameter
    /// has two pieces per listing); nil when every piece has a key of its own.
    private let listedKeys: [String]?
    let pieces: [Piece]

    /// A request made of `pieces`; `keys` nil when each piece's key is listed once, in order.
    init(keys: [String]?, pieces: [Piece]) {
        listedKeys = keys
        self.pieces = pieces
    }

    /// Calls `body` with the UTF-8 of `prefix`, every piece and `suffix`, concatenated: the canonical
    /// string without the secret when both are empty. The bytes are assembled in temporary storage
    /// (on the stack when small): a request is accepted or rejected without allocating them.
    func withBytes<Result>(prefix: String = "", suffix: String = "", _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let length = pieces.reduce(prefix.utf8.count + suffix.utf8.count) { $0 + $1.key.utf8.count + $1.value.utf8.count }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
            var end = Self.copy(prefix, into: buffer, at: 0)
            for piece in pieces {
                end = Self.copy(piece.key, into: buffer, at: end)
                end = Self.copy(piece.value, into: buffer, at: end)
            }
            end = Self.copy(suffix, into: buffer, at: end)
            return body(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[..<end])))
        }
    }

    /// Copies the UTF-8 of `text` into `buffer` from `offset` on; returns the offset after it.
    private static func copy(_ text: String, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        // Contiguous UTF-8 (every native string) is copied in bulk, where iterating would go byte by byte.
        let copiedInBulk = text.utf8.withContiguousStorageIfAvailable { bytes in
            if let source = bytes.baseAddress, let target = buffer.baseAddress {
                (target + offset).initialize(from: source, count: bytes.count)
            }
            return offset + bytes.count
        }
        if let copiedInBulk { return copiedInBulk }
        var end = offset
        for byte in text.utf8 {
            buffer[end] = byte
            end += 1
        }
        return end
    }

    /// The exact text that `scheme` hashes with `secret`: the pieces followed by the secret (`md5`),
    /// wrapped in the secret (`top-md5`), or the pieces alone, the secret being the key (`hmac-sha256`).
    ///
    /// It contains the secret: for tests and local tools only, never for responses or logs.
    public func string(secret: String, scheme: SignatureScheme) -> String {
        scheme.layout(message: withBytes { String(decoding: $0, as: UTF8.self) }, secret: secret)
    }

    /// The canonical string safe to show: the secret as `<secret>`, `Authorization` tokens
    /// shortened to their first 8 characters followed by `…`, and the values `sensitive` hides
    /// (by name at least) as `SensitiveValues.marker`.
    public func displayString(scheme: SignatureScheme, hiding sensitive: SensitiveValues = SensitiveValues()) -> String {
        display(scheme: scheme) { sensitive.hides(name: $0.key, value: $0.value) }
    }

    /// `displayString` of a string a client built by mistake, beside the server's `reference`: a
    /// value is also hidden where the reference hides the value of the same key (compared without
    /// case), whose spelling the mistake may have changed (percent-encoded, rendered otherwise).
    func displayString(scheme: SignatureScheme, hiding sensitive: SensitiveValues, beside reference: CanonicalRequest) -> String {
        let hiddenKeys = Set(reference.pieces.filter { sensitive.hides(name: $0.key, value: $0.value) }.map { $0.key.lowercased() })
        return display(scheme: scheme) { hiddenKeys.contains($0.key.lowercased()) || sensitive.hides(name: $0.key, value: $0.value) }
    }

    private func display(scheme: SignatureScheme, hiding hides: (Piece) -> Bool) -> String {
        var shown = ""
        for piece in pieces {
            shown += piece.key
            shown += piece.isToken ? Self.masked(authorization: piece.value) : hides(piece) ? SensitiveValues.marker : piece.value
        }
        return scheme.layout(message: shown, secret: "<secret>")
    }

    /// The signature a client computes with `secret`: uppercase hex.
    public func signature(secret: String, scheme: SignatureScheme) -> String {
        scheme.digest(self, secret: secret, md5: Hasher(algorithm: .md5)).hex(uppercase: true)
    }

    /// An `Authorization` value with its credentials shortened: `Bearer 0a8c81db…`. Short credentials
    /// keep at most half of their characters (Unicode scalars), so that a whole token is never shown.
    public static func masked(authorization value: String) -> String {
        withMasked(authorization: value) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 bytes of `masked(authorization: value)`, in memory that lives
    /// for the call only: a writer copies them without making a `String` of them. Inlinable, so that
    /// the journal's writer calls it specialized rather than through generic metadata.
    @inlinable
    public static func withMasked<Result>(authorization value: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var value = value
        return value.withUTF8 { bytes in
            let start = (bytes.firstIndex(of: UInt8(ascii: " ")) ?? -1) + 1
            // Counting stops at 16 scalars: a long token is not walked to its end to keep 8.
            let scalarsToKeep = scalars(of: bytes, from: start, upTo: 16).count / 2
            let end = scalars(of: bytes, from: start, upTo: scalarsToKeep).end
            let ellipsis: (UInt8, UInt8, UInt8) = (0xE2, 0x80, 0xA6) // U+2026 in UTF-8
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: end + 3) { buffer in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[..<end])))
                (buffer[end], buffer[end + 1], buffer[end + 2]) = ellipsis
                return body(UnsafeBufferPointer(buffer))
            }
        }
    }

    /// The first Unicode scalars of the UTF-8 `bytes` from offset `start`, at most `limit` of them:
    /// how many there are and the offset after them.
    @usableFromInline
    static func scalars(of bytes: UnsafeBufferPointer<UInt8>, from start: Int, upTo limit: Int) -> (count: Int, end: Int) {
        var end = start
        var count = 0
        while end < bytes.count {
            // Every byte but a UTF-8 continuation byte (10xxxxxx) starts a Unicode scalar.
            if bytes[end] & 0xC0 != 0x80 {
                if count == limit { break }
                count += 1
            }
            end += 1
        }
        return (count, end)
    }
}
