extension Store {
    private static let recordNonceSQL = """
        INSERT INTO nonces (app_key, nonce, seen_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING
        """
    private static let pruneNoncesSQL = "DELETE FROM nonces WHERE seen_at < ?"

    /// Records that `nonce` was used by `appKey`. Returns false when it had been seen
    /// before (a replay). Atomic across connections: of two racing requests with the
    /// same nonce, exactly one gets true.
    public func recordNonce(appKey: String, nonce: String, seenAt: Int64) throws(StoreError) -> Bool {
        try database.execute(Self.recordNonceSQL, [.text(appKey), .text(nonce), .integer(seenAt)]) == 1
    }

    /// Forgets the nonces seen before `olderThan` (Unix seconds); returns how many.
    @discardableResult
    public func pruneNonces(olderThan: Int64) throws(StoreError) -> Int {
        try database.execute(Self.pruneNoncesSQL, [.integer(olderThan)])
    }
}
