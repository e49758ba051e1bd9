/// A certificate a correctly pinning client must reject, served by one pinning-test listener.
public struct PinningTestIdentity: Sendable, Equatable {
    /// The listener's port is the main port plus this offset (1 to 4).
    public let portOffset: Int
    /// The certificate (PEM) the listener presents.
    public let certificatePEMPath: String
    /// Its private key (PEM).
    public let privateKeyPEMPath: String
    /// What is wrong with the certificate, and why a client must reject it.
    public let description: String
}
