import COpenSSL
import Crypto

extension TLSContext {
    /// The session id context servers put in their sessions; OpenSSL refuses to resume a session with
    /// client authentication unless it is set.
    private static let sessionIDContext = Array("countersign".utf8)

    /// Creates a server context: loads the identity, sets up client authentication, session tickets and ALPN.
    public static func server(_ configuration: TLSServerConfiguration) throws(TLSError) -> TLSContext {
        let context = try TLSContext(
            method: TLS_server_method(), role: .server, alpnProtocols: configuration.alpnProtocols,
            maximumVersion: .tls13, sessionCache: nil)
        try context.useIdentity(
            certificateChainPEMPath: configuration.certificateChainPEMPath,
            privateKeyPEMPath: configuration.privateKeyPEMPath)
        if let issuerChainPEMPath = configuration.issuerChainPEMPath { try context.sendChain(from: issuerChainPEMPath) }
        try context.authenticateClients(configuration.clientAuthentication, caPEMPath: configuration.clientCAPEMPath)
        try context.configureServerSessions(resumption: configuration.sessionResumption)
        try context.enableALPN()
        // Returns the resulting bit mask, not a status.
        _ = SSL_CTX_set_options(context.handle, CS_SSL_OP_CIPHER_SERVER_PREFERENCE | CS_SSL_OP_PRIORITIZE_CHACHA)
        return context
    }

    /// Requests (or requires) client certificates signed by the CA in `caPEMPath`, and names that CA in the
    /// certificate request so that clients pick the right identity.
    private func authenticateClients(_ mode: ClientAuthentication, caPEMPath: String?) throws(TLSError) {
        guard mode != .off else { return }
        guard let caPEMPath else {
            throw TLSError(.invalidConfiguration("client authentication '\(mode.rawValue)' needs a client CA file"))
        }
        guard SSL_CTX_load_verify_locations(handle, caPEMPath, nil) == 1,
              let acceptableIssuers = SSL_load_client_CA_file(caPEMPath)
        else {
            throw OpenSSLErrorQueue.error(.invalidConfiguration("cannot load the client CA \(caPEMPath)"))
        }
        SSL_CTX_set_client_CA_list(handle, acceptableIssuers)
        let verification = mode == .require ? SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT : SSL_VERIFY_PEER
        SSL_CTX_set_verify(handle, verification, nil)
    }

    /// Resumption is stateless: TLS 1.3 and TLS 1.2 session tickets, no server-side session cache (which
    /// would be one more lock shared by every event loop). Without resumption, no ticket is issued.
    private func configureServerSessions(resumption: Bool) throws(TLSError) {
        guard SSL_CTX_set_session_id_context(handle, Self.sessionIDContext, UInt32(Self.sessionIDContext.count)) == 1
        else {
            throw OpenSSLErrorQueue.error(.invalidConfiguration("cannot set the session id context"))
        }
        // Returns the previous mode, not a status.
        _ = cs_SSL_CTX_set_session_cache_mode(handle, Int(SSL_SESS_CACHE_OFF))
        guard !resumption else { return }
        _ = SSL_CTX_set_options(handle, CS_SSL_OP_NO_TICKET)
        guard SSL_CTX_set_num_tickets(handle, 0) == 1 else {
            throw OpenSSLErrorQueue.error(.invalidConfiguration("cannot turn session tickets off"))
        }
    }
}
