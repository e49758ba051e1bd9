import COpenSSL
import Crypto

extension TLSContext {
    /// Creates a client context: trust roots or pins, host name verification, an optional client identity,
    /// ALPN, and the session cache used for resumption.
    public static func client(_ configuration: TLSClientConfiguration) throws(TLSError) -> TLSContext {
        let serverName = configuration.serverName.map(ServerName.init)
        let checkedName = configuration.verifyHostname ? serverName : nil
        let policy = ServerIdentityPolicy(
            pinnedCertificateDER: configuration.pinnedCertificateDER,
            pinnedSPKISHA256Base64: configuration.pinnedSPKISHA256Base64,
            nameCheckedAfterHandshake: configuration.trustRootsPEMPath == nil ? checkedName : nil)
        guard configuration.trustRootsPEMPath != nil || policy.hasPins else {
            throw TLSError(.invalidConfiguration("a client needs trust roots or a pin to authenticate the server"))
        }
        let context = try TLSContext(
            method: TLS_client_method(), role: .client(serverName: serverName, policy: policy),
            alpnProtocols: configuration.alpnProtocols, maximumVersion: configuration.maximumProtocolVersion,
            sessionCache: configuration.sessionResumption ? ClientSessionCache() : nil)
        if let trustRoots = configuration.trustRootsPEMPath {
            try context.verifyServerChain(against: trustRoots, name: checkedName)
        } else {
            SSL_CTX_set_verify(context.handle, SSL_VERIFY_NONE, nil)
        }
        try context.useClientIdentity(configuration)
        try context.enableALPN()
        if let cache = context.sessionCache {
            cache.install(in: context.handle)
        } else {
            // Returns the previous mode, not a status.
            _ = cs_SSL_CTX_set_session_cache_mode(context.handle, Int(SSL_SESS_CACHE_OFF))
        }
        return context
    }

    /// Verifies the server chain against the CA file during the handshake, and the name when given.
    private func verifyServerChain(against trustRootsPEMPath: String, name: ServerName?) throws(TLSError) {
        guard SSL_CTX_load_verify_locations(handle, trustRootsPEMPath, nil) == 1 else {
            throw OpenSSLErrorQueue.error(.invalidConfiguration("cannot load the trust roots \(trustRootsPEMPath)"))
        }
        SSL_CTX_set_verify(handle, SSL_VERIFY_PEER, nil)
        guard let name else { return }
        guard let parameters = SSL_CTX_get0_param(handle) else {
            throw OpenSSLErrorQueue.error(.io)
        }
        try name.require(in: parameters)
    }

    /// Presents the client identity for mutual TLS, from two PEM files or from a PKCS#12 file.
    private func useClientIdentity(_ configuration: TLSClientConfiguration) throws(TLSError) {
        switch (configuration.clientCertificatePEMPath, configuration.clientPrivateKeyPEMPath, configuration.clientPKCS12Path) {
        case (nil, nil, nil):
            return
        case (let certificate?, let key?, nil):
            try useIdentity(certificateChainPEMPath: certificate, privateKeyPEMPath: key)
        case (nil, nil, let pkcs12?):
            try useIdentity(pkcs12Path: pkcs12, password: configuration.clientPKCS12Password ?? "")
        default:
            throw TLSError(.invalidConfiguration(
                "a client identity is either a certificate PEM with its key PEM, or a PKCS#12 file"))
        }
    }
}
