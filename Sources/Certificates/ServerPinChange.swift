/// The server's pin before and after `ensureReportingPinChange` re-issued its certificate.
public struct ServerPinChange: Sendable, Equatable {
    /// base64(SHA-256(SPKI)) of the certificate before: what existing app builds pin.
    public let old: String
    /// The pin of the new certificate.
    public let new: String

    public init(old: String, new: String) {
        self.old = old
        self.new = new
    }
}
