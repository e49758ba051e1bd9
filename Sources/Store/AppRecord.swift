/// An app allowed to sign requests (`X-APP-KEY`).
public struct AppRecord: Sendable, Equatable {
    /// The key a client sends in `X-APP-KEY`.
    public let appKey: String
    /// A display name.
    public let name: String
    /// The secrets that verify a signature: the current one first, then the previous
    /// one while a rotation is in progress.
    public let secrets: [String]
    /// The signature scheme: `md5`, `top-md5` or `hmac-sha256`.
    public let scheme: String
    /// Whether requests without `X-APP-KEY` are verified with this app.
    public let isDefault: Bool
}

extension AppRecord {
    /// The columns `init(row:)` reads, in order.
    static let columns = "app_key, name, secret, previous_secret, scheme, is_default"

    /// Decodes a row selected with `columns`.
    init(row: Statement) throws(StoreError) {
        appKey = try row.text(at: 0)
        name = try row.text(at: 1)
        secrets = try [row.text(at: 2)] + (row.optionalText(at: 3).map { [$0] } ?? [])
        scheme = try row.text(at: 4)
        isDefault = try row.integer(at: 5) != 0
    }
}
