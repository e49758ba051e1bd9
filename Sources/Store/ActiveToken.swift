/// A token that is neither revoked nor expired, and its user.
public struct ActiveToken: Sendable, Equatable {
    /// The user the token belongs to.
    public let user: UserRecord
    /// When the token expires, in Unix seconds.
    public let expiresAt: Int64
}
