import Store

/// The logged-in user of a request, from its bearer token.
struct Session {
    /// The user the token belongs to.
    let user: UserRecord
    /// The SHA-256 (hex) of the token, as stored.
    let tokenHash: String
}
