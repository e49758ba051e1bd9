/// Which tokens `Store.expireTokens(matching:now:)` expires (the admin API's selectors).
public enum TokenExpiry: Sendable, Equatable {
    /// Every token of the user with this id.
    case user(Int64)
    /// Every token of the user with this phone number.
    case phone(String)
    /// The tokens whose first 8 characters are these (compared case-insensitively).
    case prefix(String)
    /// Every token.
    case all
}
