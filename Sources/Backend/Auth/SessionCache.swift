import Store

/// The sessions one event loop has authenticated, so that a token seen again skips its SHA-256 and
/// the token lookup. The cache holds only while the database is unchanged: the first lookup after
/// any transaction wrote to it (this loop, another loop, the admin API; a developer editing the
/// file with `sqlite3` from the loop's next turn on, see `ContentStamp`) empties it, so what it
/// answers is what the lookup would answer.
struct SessionCache {
    /// The most sessions kept; when full, the cache is emptied and fills again.
    static let capacity = 10_000

    /// A cached session and when its token expires.
    private struct Entry {
        let session: Session
        let expiresAt: Int64
    }

    /// A bearer token as a key: compared whole, hashed by its length and its first and last eight
    /// bytes. Hashing all of a 64-character token cost more than the rest of the lookup; tokens are
    /// random (only a token the database knows is ever cached), so their ends tell them apart.
    private struct TokenKey: Hashable {
        let token: Substring

        func hash(into hasher: inout Hasher) {
            var token = token
            token.withUTF8 { bytes in
                let raw = UnsafeRawBufferPointer(bytes)
                hasher.combine(raw.count)
                guard raw.count >= 8 else { return hasher.combine(bytes: raw) }
                hasher.combine(raw.loadUnaligned(as: UInt64.self))
                hasher.combine(raw.loadUnaligned(fromByteOffset: raw.count - 8, as: UInt64.self))
            }
        }
    }

    /// Keyed by the bearer token itself, not by its SHA-256: the point is not to compute that.
    private var entries: [TokenKey: Entry] = [:]
    /// The content the entries were read from.
    private var stamp: ContentStamp?

    /// The session of `token`, if it was cached under the same content and has not expired at `now`.
    /// A different `current` stamp empties the cache and becomes its own.
    mutating func session(for token: Substring, current: ContentStamp, now: Int64) -> Session? {
        guard current == stamp else {
            entries.removeAll(keepingCapacity: true)
            stamp = current
            return nil
        }
        guard let entry = entries[TokenKey(token: token)], now < entry.expiresAt else { return nil }
        return entry.session
    }

    /// Keeps `session`, looked up under the stamp last given to `session(for:current:now:)`.
    mutating func insert(_ session: Session, for token: Substring, expiresAt: Int64) {
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        entries[TokenKey(token: token)] = Entry(session: session, expiresAt: expiresAt)
    }
}
