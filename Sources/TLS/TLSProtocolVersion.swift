import COpenSSL

/// The TLS versions this module speaks.
enum TLSProtocolVersion: Sendable {
    /// TLS 1.2 (RFC 5246), with ECDHE and AEAD cipher suites only.
    case tls12
    /// TLS 1.3 (RFC 8446).
    case tls13

    /// The OpenSSL version constant.
    var openSSLValue: Int32 {
        switch self {
        case .tls12: TLS1_2_VERSION
        case .tls13: TLS1_3_VERSION
        }
    }
}
