/// The kind of key generated for new identities.
public enum KeyType: String, Sendable, CaseIterable {
    /// ECDSA on P-256 (the default: small, fast, accepted by every mobile platform).
    case ecdsaP256 = "ecdsa-p256"
    /// RSA with a 2048-bit modulus, for clients that cannot handle ECDSA.
    case rsa2048 = "rsa-2048"
}
