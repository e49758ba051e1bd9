extension Store {
    private static let insertTokenSQL = """
        INSERT INTO tokens (user_id, token_hash, token_prefix, device_id, created_at, expires_at)
        VALUES (?, ?, ?, ?, ?, ?)
        RETURNING \(TokenRecord.columns(of: "tokens"))
        """
    private static let activeTokenSQL = """
        SELECT \(UserRecord.columns(of: "u")), t.expires_at
        FROM tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = ? AND t.revoked_at IS NULL AND t.expires_at > ?
        """
    private static let revokeTokenSQL = "UPDATE tokens SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL"
    /// ?1 is `now`; an expired token gets `expires_at = now - 1`.
    private static let expireActiveTokensSQL = """
        UPDATE tokens SET expires_at = ?1 - 1 WHERE revoked_at IS NULL AND expires_at > ?1
        """

    /// Stores a new token (its hash and prefix only) and returns it.
    @discardableResult
    public func insertToken(
        userID: Int64, tokenHash: String, tokenPrefix: String, deviceID: String?, createdAt: Int64, expiresAt: Int64
    ) throws(StoreError) -> TokenRecord {
        try insertReturning(
            Self.insertTokenSQL,
            [.integer(userID), .text(tokenHash), .text(tokenPrefix), DatabaseValue(deviceID), .integer(createdAt),
             .integer(expiresAt)],
            decode: { row throws(StoreError) in try TokenRecord(row: row) })
    }

    /// The token with this hash and its user, if the token is neither revoked nor expired at
    /// `now` (it expires when `now` reaches `expires_at`).
    public func activeToken(tokenHash: String, now: Int64) throws(StoreError) -> ActiveToken? {
        try database.fetchOne(Self.activeTokenSQL, [.text(tokenHash), .integer(now)]) { row throws(StoreError) in
            ActiveToken(user: try UserRecord(row: row), expiresAt: try row.integer(at: UserRecord.columnCount))
        }
    }

    /// Revokes the token with this hash at `at`. Returns false when there is no such
    /// token or it was already revoked (a concurrent logout or refresh won).
    @discardableResult
    public func revokeToken(tokenHash: String, at: Int64) throws(StoreError) -> Bool {
        try database.execute(Self.revokeTokenSQL, [.integer(at), .text(tokenHash)]) == 1
    }

    /// Expires now (`expires_at = now - 1`) the active tokens that `selector` picks;
    /// returns how many.
    public func expireTokens(matching selector: TokenExpiry, now: Int64) throws(StoreError) -> Int {
        let sql = Self.expireActiveTokensSQL
        switch selector {
        case .user(let userID):
            return try database.execute(sql + " AND user_id = ?2", [.integer(now), .integer(userID)])
        case .phone(let phone):
            return try database.execute(
                sql + " AND user_id IN (SELECT id FROM users WHERE phone = ?2)", [.integer(now), .text(phone)])
        case .prefix(let prefix):
            return try database.execute(sql + " AND token_prefix = ?2", [.integer(now), .text(prefix)])
        case .all:
            return try database.execute(sql, [.integer(now)])
        }
    }
}
