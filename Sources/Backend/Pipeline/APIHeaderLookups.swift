import HTTP

/// The request header names the responder reads from every API request, prepared once for
/// lookups (see `FieldLookup`) rather than once per request.
struct APIHeaderLookups {
    /// The signature header (`--signature-header`, `X-SIGNATURE` by default).
    let signature: FieldLookup
    /// The API version header (`--version-header`), when one is required.
    let version: FieldLookup?
    /// `X-APP-KEY`: which app signed the request.
    let appKey = FieldLookup("X-APP-KEY")
    /// `X-DEVICE-ID`.
    let deviceID = FieldLookup("X-DEVICE-ID")
    /// `Authorization`: the bearer token.
    let authorization = FieldLookup("Authorization")
    /// `Accept-Language`: the language of messages.
    let acceptLanguage = FieldLookup("Accept-Language")

    /// The names `settings` configures.
    init(settings: BackendSettings) {
        signature = FieldLookup(settings.signingPolicy.signatureHeader)
        version = settings.versionHeader.map(FieldLookup.init)
    }
}
