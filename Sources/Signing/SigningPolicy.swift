/// Which headers the clients sign, in which spelling, and where the signature travels.
public struct SigningPolicy: Sendable, Equatable {
    /// The signed header names, in the spelling the client uses as dictionary keys.
    public var signedHeaders: [String]
    /// The header that carries the signature.
    public var signatureHeader: String

    /// The policy of SIGNING.md: `X-API-VERSION`, `Authorization` and `X-DEVICE-ID`, signature in `X-SIGNATURE`.
    public init(signedHeaders: [String] = ["X-API-VERSION", "Authorization", "X-DEVICE-ID"],
                signatureHeader: String = "X-SIGNATURE") {
        self.signedHeaders = signedHeaders
        self.signatureHeader = signatureHeader
    }
}
