import COpenSSL
import Crypto

/// A TLS configuration ready to make connections; owns an OpenSSL `SSL_CTX`.
///
/// Immutable after creation and safe to share across threads: OpenSSL reference-counts and locks its
/// contexts, and the Swift state is either constant or behind a lock (the client session cache).
public final class TLSContext: @unchecked Sendable {
    /// Which side of the handshake the connections made from a context play.
    enum Role: Sendable {
        /// Connections accept handshakes.
        case server
        /// Connections start handshakes, send `serverName` as SNI, and check the server with `policy`.
        case client(serverName: ServerName?, policy: ServerIdentityPolicy)
    }

    /// TLS 1.2 suites: ECDHE key exchange with AEAD ciphers only.
    private static let tls12CipherSuites = [
        "ECDHE-ECDSA-AES128-GCM-SHA256", "ECDHE-RSA-AES128-GCM-SHA256",
        "ECDHE-ECDSA-AES256-GCM-SHA384", "ECDHE-RSA-AES256-GCM-SHA384",
        "ECDHE-ECDSA-CHACHA20-POLY1305", "ECDHE-RSA-CHACHA20-POLY1305",
    ].joined(separator: ":")
    /// TLS 1.3 suites, fastest first on CPUs with AES instructions.
    private static let tls13CipherSuites = "TLS_AES_128_GCM_SHA256:TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256"
    /// Key exchange groups.
    private static let groups = "X25519:P-256"

    /// The `SSL_CTX`.
    let handle: OpaquePointer
    /// The side connections play.
    let role: Role
    /// The ALPN list; the server's selection callback points to it, so it lives as long as `handle`.
    private let alpnProtocols: ALPNProtocolList
    /// Where a client context keeps its latest session; the new-session callback points to it.
    let sessionCache: ClientSessionCache?

    /// Creates a context for `method` with the protocol policy shared by both sides.
    init(
        method: OpaquePointer?,
        role: Role,
        alpnProtocols: [String],
        maximumVersion: TLSProtocolVersion,
        sessionCache: ClientSessionCache?
    ) throws(TLSError) {
        OpenSSLErrorQueue.clear()
        let alpn = try ALPNProtocolList(alpnProtocols)
        guard let method, let handle = SSL_CTX_new(method) else {
            throw OpenSSLErrorQueue.error(.io)
        }
        self.handle = handle
        self.role = role
        self.alpnProtocols = alpn
        self.sessionCache = sessionCache
        try applyProtocolPolicy(maximumVersion: maximumVersion)
    }

    deinit {
        SSL_CTX_free(handle)
    }

    /// TLS 1.2 and 1.3 only, AEAD suites, X25519 and P-256, no renegotiation, no compression, and
    /// buffers released while a connection is idle.
    private func applyProtocolPolicy(maximumVersion: TLSProtocolVersion) throws(TLSError) {
        guard cs_SSL_CTX_set_min_proto_version(handle, TLS1_2_VERSION) == 1,
              cs_SSL_CTX_set_max_proto_version(handle, maximumVersion.openSSLValue) == 1,
              SSL_CTX_set_cipher_list(handle, Self.tls12CipherSuites) == 1,
              SSL_CTX_set_ciphersuites(handle, Self.tls13CipherSuites) == 1,
              cs_SSL_CTX_set1_groups_list(handle, Self.groups) == 1
        else {
            throw OpenSSLErrorQueue.error(.invalidConfiguration("the protocol policy is not supported by this OpenSSL"))
        }
        // Both return the resulting bit mask, not a status.
        _ = cs_SSL_CTX_set_mode(handle, Int(SSL_MODE_RELEASE_BUFFERS))
        _ = SSL_CTX_set_options(handle, CS_SSL_OP_NO_RENEGOTIATION | CS_SSL_OP_NO_COMPRESSION)
    }

    /// Offers (client) or selects from (server) the configured application protocols.
    func enableALPN() throws(TLSError) {
        guard !alpnProtocols.isEmpty else { return }
        switch role {
        case .server: alpnProtocols.select(in: handle)
        case .client: try alpnProtocols.offer(in: handle)
        }
    }
}
