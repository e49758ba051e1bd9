/// Whether a TLS server asks for a client certificate (mutual TLS).
public enum ClientAuthentication: String, Sendable, CaseIterable {
    /// No client certificate is requested.
    case off
    /// A certificate is requested: a client without one is accepted (and has no subject), a client whose
    /// certificate does not verify against the client CA is rejected.
    case optional
    /// A certificate signed by the client CA is required; the handshake fails without one (with TLS 1.3,
    /// the client only learns it at its first read).
    case require
}
