import COpenSSL
import Crypto

/// What a client checks about the server's leaf certificate once the handshake is over, on top of what
/// OpenSSL verified during it: the pins, and the server name when no chain verification ran.
struct ServerIdentityPolicy: Sendable {
    /// The leaf must be exactly these DER bytes.
    var pinnedCertificateDER: [UInt8]?
    /// base64(SHA-256(SubjectPublicKeyInfo)) of the leaf must be this.
    var pinnedSPKISHA256Base64: String?
    /// A name to check here because the context has no trust roots (with trust roots, OpenSSL checks it).
    var nameCheckedAfterHandshake: ServerName?

    /// Whether the configuration authenticates the server at all without trust roots.
    var hasPins: Bool { pinnedCertificateDER != nil || pinnedSPKISHA256Base64 != nil }

    /// Returns the reason to reject `certificate` (an `X509`), or `nil` when it passes every check.
    func rejection(of certificate: OpaquePointer) -> TLSError? {
        if let pinnedCertificateDER, der(of: certificate) != pinnedCertificateDER {
            return TLSError(.pinMismatch)
        }
        if let pinnedSPKISHA256Base64, spkiPin(of: certificate) != pinnedSPKISHA256Base64 {
            return TLSError(.pinMismatch)
        }
        if let nameCheckedAfterHandshake, !nameCheckedAfterHandshake.matches(certificate) {
            return TLSError(.certificateVerificationFailed(reason: nameCheckedAfterHandshake.mismatchReason))
        }
        return nil
    }

    private func der(of certificate: OpaquePointer) -> [UInt8]? {
        encoded { i2d_X509(certificate, &$0) }
    }

    private func spkiPin(of certificate: OpaquePointer) -> String? {
        encoded { i2d_X509_PUBKEY(X509_get_X509_PUBKEY(certificate), &$0) }.map(PublicKeyPin.sha256Base64)
    }

    /// The DER bytes an OpenSSL `i2d_` function writes into the buffer it allocates.
    private func encoded(by encode: (inout UnsafeMutablePointer<UInt8>?) -> Int32) -> [UInt8]? {
        var encoded: UnsafeMutablePointer<UInt8>?
        let length = encode(&encoded)
        guard length > 0, let encoded else { return nil }
        defer { cs_OPENSSL_free(encoded) }
        return Array(UnsafeBufferPointer(start: encoded, count: Int(length)))
    }
}
