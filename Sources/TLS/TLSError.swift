/// A TLS failure: what went wrong, and what OpenSSL reported at that moment.
public struct TLSError: Error, Sendable, CustomStringConvertible {
    /// The kinds of TLS failure.
    public enum Kind: Sendable, Equatable {
        /// The configuration cannot be used: a file is missing or unreadable, a key does not match its
        /// certificate, a value is out of range. The message names the setting or file, never key material.
        case invalidConfiguration(String)
        /// The handshake failed for a reason other than the peer's certificate: no common version, cipher
        /// suite or group, an alert from the peer, a malformed message, a missing client certificate.
        case handshakeFailed
        /// The peer's certificate was rejected; `reason` is OpenSSL's verification message
        /// ("certificate has expired", "hostname mismatch", "unable to get local issuer certificate", ...).
        case certificateVerificationFailed(reason: String)
        /// The server's certificate does not match the pinned certificate or public key.
        case pinMismatch
        /// The established session failed: a fatal alert from the peer (such as a TLS 1.3 server that
        /// required a client certificate), a corrupt or forged record, a write after shutdown.
        case protocolFailure
        /// Plaintext was written before the handshake completed.
        case notEstablished
        /// OpenSSL failed outside the protocol: its memory buffers could not grow, or a call failed
        /// without saying why.
        case io
    }

    /// What went wrong.
    public let kind: Kind
    /// The OpenSSL error queue drained at the failure, oldest first (may be empty).
    public let openSSLErrors: [String]

    /// Creates an error of `kind` with the OpenSSL errors that explain it.
    public init(_ kind: Kind, openSSLErrors: [String] = []) {
        self.kind = kind
        self.openSSLErrors = openSSLErrors
    }

    /// A one-line explanation, followed by the OpenSSL errors.
    public var description: String {
        let summary: String
        switch kind {
        case .invalidConfiguration(let message): summary = "invalid TLS configuration: \(message)"
        case .handshakeFailed: summary = "TLS handshake failed"
        case .certificateVerificationFailed(let reason): summary = "certificate verification failed: \(reason)"
        case .pinMismatch: summary = "the server certificate does not match the pin"
        case .protocolFailure: summary = "TLS session failed"
        case .notEstablished: summary = "TLS session not established yet"
        case .io: summary = "TLS buffer failure"
        }
        return openSSLErrors.isEmpty ? summary : summary + " (" + openSSLErrors.joined(separator: "; ") + ")"
    }
}
