/// A certificate with its private key: the development CA, the server, the client, a pinning-test listener.
struct Identity {
    /// The certificate.
    let certificate: Certificate
    /// Its private key.
    let key: PrivateKey
}
