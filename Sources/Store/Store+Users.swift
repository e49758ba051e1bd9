extension Store {
    private static let insertUserSQL = """
        INSERT INTO users (phone, password_hash, password_salt, password_iterations, nickname, created_at)
        VALUES (?, ?, ?, ?, ?, ?)
        RETURNING \(UserRecord.columns(of: "users"))
        """
    private static let userByPhoneSQL = "SELECT \(UserRecord.columns(of: "users")) FROM users WHERE phone = ?"
    private static let userByIDSQL = "SELECT \(UserRecord.columns(of: "users")) FROM users WHERE id = ?"
    private static let updateProfileSQL = """
        UPDATE users SET nickname = coalesce(?, nickname), avatar_url = coalesce(?, avatar_url)
        WHERE id = ?
        RETURNING \(UserRecord.columns(of: "users"))
        """

    /// Registers a user. Throws `StoreError.duplicatePhone` when the phone number is taken.
    public func insertUser(
        phone: String, passwordHash: String, salt: String, iterations: Int, nickname: String, createdAt: Int64
    ) throws(StoreError) -> UserRecord {
        do {
            return try insertReturning(
                Self.insertUserSQL,
                [.text(phone), .text(passwordHash), .text(salt), .integer(Int64(iterations)), .text(nickname),
                 .integer(createdAt)],
                decode: { row throws(StoreError) in try UserRecord(row: row) })
        } catch {
            throw error.code == .constraintUnique ? .duplicatePhone : error
        }
    }

    /// The user with this phone number, if any.
    public func user(phone: String) throws(StoreError) -> UserRecord? {
        try database.fetchOne(Self.userByPhoneSQL, [.text(phone)]) { row throws(StoreError) in
            try UserRecord(row: row)
        }
    }

    /// The user with this id, if any.
    public func user(id: Int64) throws(StoreError) -> UserRecord? {
        try database.fetchOne(Self.userByIDSQL, [.integer(id)]) { row throws(StoreError) in try UserRecord(row: row) }
    }

    /// Changes the nickname and avatar URL; a nil argument leaves that field unchanged.
    /// Returns the updated user, or nil when there is no user with this id.
    public func updateProfile(
        userID: Int64, nickname: String?, avatarURL: String?
    ) throws(StoreError) -> UserRecord? {
        let arguments = [DatabaseValue(nickname), DatabaseValue(avatarURL), .integer(userID)]
        return try database.fetchOne(Self.updateProfileSQL, arguments) { row throws(StoreError) in
            try UserRecord(row: row)
        }
    }

    /// Runs an `INSERT ... RETURNING` and decodes the row it returns.
    func insertReturning<Record>(
        _ sql: String, _ arguments: [DatabaseValue], decode: (Statement) throws(StoreError) -> Record
    ) throws(StoreError) -> Record {
        guard let record = try database.fetchOne(sql, arguments, decode: decode) else {
            throw StoreError.sqlite(code: .error, message: "the insert returned no row", sql: sql)
        }
        return record
    }
}
