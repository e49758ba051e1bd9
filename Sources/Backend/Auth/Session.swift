import Store

/// The logged-in user of a request, from its bearer token. A class: the session cache hands the
/// same session to every request of the token, which then shares it instead of copying its strings.
final class Session {
    /// The user the token belongs to.
    let user: UserRecord
    /// The SHA-256 (hex) of the token, as stored.
    let tokenHash: String

    init(user: UserRecord, tokenHash: String) {
        self.user = user
        self.tokenHash = tokenHash
    }
}
