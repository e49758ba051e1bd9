import JSON

/// What the admin API needs to know about the server, fixed at start.
public struct AdminSettings: Sendable {
    /// The value `X-Admin-Token` must carry (`--admin-token`); nil means loopback clients only.
    public var adminToken: String?
    /// The text of the seed that `POST /__admin/reset` restores; nil when it could not be read at start.
    public var seedSQL: String?
    /// The seed's path, for the message when it could not be read.
    public var seedPath = "seed.sql"
    /// `GET /__admin/config`: every setting's effective value, secrets already redacted.
    public var effectiveConfiguration: JSONValue = .object(JSONObject())
    /// `GET /__admin/pins`: `{spki_sha256, server_cer_base64, ca_pem}`, read at each call (a
    /// renewal changes them); nil when the certificate files cannot be read.
    public var pins: @Sendable () -> JSONValue? = { nil }

    /// Settings with no admin token, no seed and an empty configuration.
    public init() {}
}
