/// A bearer token, known by its hash only.
public struct TokenRecord: Sendable, Equatable {
    /// The token's row id.
    public let id: Int64
    /// The user the token belongs to.
    public let userID: Int64
    /// Hex SHA-256 of the token.
    public let tokenHash: String
    /// The token's first 8 characters.
    public let tokenPrefix: String
    /// The `X-DEVICE-ID` the token was issued to, if any.
    public let deviceID: String?
    /// When the token was issued, in Unix seconds.
    public let createdAt: Int64
    /// When the token stops being accepted, in Unix seconds.
    public let expiresAt: Int64
    /// When the token was revoked (logout, refresh), if it was.
    public let revokedAt: Int64?
}

extension TokenRecord {
    /// The columns `init(row:startingAt:)` reads, in order, qualified with `table`.
    static func columns(of table: String) -> String {
        ["id", "user_id", "token_hash", "token_prefix", "device_id", "created_at", "expires_at", "revoked_at"]
            .map { "\(table).\($0)" }.joined(separator: ", ")
    }

    /// Decodes the columns of `columns(of:)`, found from index `first` on.
    init(row: Statement, startingAt first: Int32 = 0) throws(StoreError) {
        id = try row.integer(at: first)
        userID = try row.integer(at: first + 1)
        tokenHash = try row.text(at: first + 2)
        tokenPrefix = try row.text(at: first + 3)
        deviceID = row.optionalText(at: first + 4)
        createdAt = try row.integer(at: first + 5)
        expiresAt = try row.integer(at: first + 6)
        revokedAt = row.optionalInteger(at: first + 7)
    }
}
