/// A registered user.
public struct UserRecord: Sendable, Equatable {
    /// The user's id.
    public let id: Int64
    /// The full phone number (the API masks it).
    public let phone: String
    /// The PBKDF2-HMAC-SHA256 derived key, lowercase hex.
    public let passwordHash: String
    /// The PBKDF2 salt, lowercase hex.
    public let passwordSalt: String
    /// The PBKDF2 iteration count.
    public let passwordIterations: Int
    /// The display name.
    public let nickname: String
    /// The avatar URL, if one was set.
    public let avatarURL: String?
    /// Whether the account is disabled (login answers 20103).
    public let isDisabled: Bool
    /// When the user registered, in Unix seconds.
    public let createdAt: Int64
}

extension UserRecord {
    private static let columnNames = ["id", "phone", "password_hash", "password_salt", "password_iterations", "nickname",
                                      "avatar_url", "disabled", "created_at"]

    /// How many columns `init(row:startingAt:)` reads.
    static var columnCount: Int32 { Int32(columnNames.count) }

    /// The columns `init(row:startingAt:)` reads, in order, qualified with `table`.
    static func columns(of table: String) -> String {
        columnNames.map { "\(table).\($0)" }.joined(separator: ", ")
    }

    /// Decodes the columns of `columns(of:)`, found from index `first` on.
    init(row: Statement, startingAt first: Int32 = 0) throws(StoreError) {
        id = try row.integer(at: first)
        phone = try row.text(at: first + 1)
        passwordHash = try row.text(at: first + 2)
        passwordSalt = try row.text(at: first + 3)
        passwordIterations = Int(try row.integer(at: first + 4))
        nickname = try row.text(at: first + 5)
        avatarURL = row.optionalText(at: first + 6)
        isDisabled = try row.integer(at: first + 7) != 0
        createdAt = try row.integer(at: first + 8)
    }
}
