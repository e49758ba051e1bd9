/// Why the development PKI could not be created or read. Carries the file concerned and the system or
/// OpenSSL reason; never key material or passwords.
public struct CertificateError: Error, Sendable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: Sendable, Equatable {
        /// A file or folder could not be created, read, written or renamed (`errno` says why).
        case fileSystem(errno: Int32)
        /// A file exists but does not hold what it should (not PEM, not a certificate, not a key).
        case invalidFile
        /// There is no usable development CA (`ca.pem` and a matching `ca.key`) to sign with.
        case authorityUnavailable
        /// OpenSSL failed to generate a key, certificate or PKCS#12 bundle.
        case generationFailed
        /// The options cannot be honoured (a validity above 825 days, an invalid extra host).
        case invalidOptions
    }

    /// What went wrong.
    public let kind: Kind
    /// The file or folder concerned, when there is one.
    public let path: String?
    /// The explanation: what was being done, and the system or OpenSSL error.
    public let reason: String

    /// Creates an error.
    public init(_ kind: Kind, path: String? = nil, reason: String) {
        self.kind = kind
        self.path = path
        self.reason = reason
    }

    /// "<path>: <reason>", or the reason alone.
    public var description: String {
        path.map { "\($0): \(reason)" } ?? reason
    }
}
