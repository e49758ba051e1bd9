import COpenSSL
import Crypto

extension TLSContext {
    /// Presents the certificate chain and key of two PEM files (the server identity, or a client identity).
    func useIdentity(certificateChainPEMPath: String, privateKeyPEMPath: String) throws(TLSError) {
        guard SSL_CTX_use_certificate_chain_file(handle, certificateChainPEMPath) == 1 else {
            throw OpenSSLErrorQueue.error(.invalidConfiguration("cannot load the certificate chain \(certificateChainPEMPath)"))
        }
        guard SSL_CTX_use_PrivateKey_file(handle, privateKeyPEMPath, SSL_FILETYPE_PEM) == 1 else {
            throw OpenSSLErrorQueue.error(.invalidConfiguration("cannot load the private key \(privateKeyPEMPath)"))
        }
        try checkPrivateKey(matches: certificateChainPEMPath)
    }

    /// Sends the certificates of a PEM file after the identity's own. An explicit chain also keeps OpenSSL
    /// from building one out of the verification store, which holds the client CA only when client
    /// authentication is on: the chain would then depend on that mode.
    func sendChain(from pemPath: String) throws(TLSError) {
        guard let file = BIO_new_file(pemPath, "r") else {
            throw OpenSSLErrorQueue.error(.invalidConfiguration("cannot open the chain \(pemPath)"))
        }
        defer { BIO_free(file) }
        var added = 0
        while let certificate = PEM_read_bio_X509(file, nil, nil, nil) {
            defer { X509_free(certificate) }
            guard cs_SSL_CTX_add1_chain_cert(handle, certificate) == 1 else {
                throw OpenSSLErrorQueue.error(.invalidConfiguration("cannot use the chain in \(pemPath)"))
            }
            added += 1
        }
        // The loop ends on the end of the file, which OpenSSL reports as an error.
        OpenSSLErrorQueue.clear()
        guard added > 0 else { throw TLSError(.invalidConfiguration("\(pemPath) holds no certificate")) }
    }

    /// Presents the identity stored in a PKCS#12 file (key, certificate and any chain certificates).
    func useIdentity(pkcs12Path: String, password: String) throws(TLSError) {
        guard let file = BIO_new_file(pkcs12Path, "rb") else {
            throw OpenSSLErrorQueue.error(.invalidConfiguration("cannot open the PKCS#12 file \(pkcs12Path)"))
        }
        defer { BIO_free(file) }
        guard let bundle = d2i_PKCS12_bio(file, nil) else {
            throw OpenSSLErrorQueue.error(.invalidConfiguration("\(pkcs12Path) is not a PKCS#12 file"))
        }
        defer { PKCS12_free(bundle) }
        var key: OpaquePointer?
        var certificate: OpaquePointer?
        var chain: OpaquePointer?
        guard PKCS12_parse(bundle, password, &key, &certificate, &chain) == 1 else {
            throw OpenSSLErrorQueue.error(.invalidConfiguration("cannot decrypt \(pkcs12Path) (wrong password?)"))
        }
        defer {
            EVP_PKEY_free(key)
            X509_free(certificate)
            if let chain { cs_sk_X509_pop_free(chain) }
        }
        guard let key, let certificate else {
            throw TLSError(.invalidConfiguration("\(pkcs12Path) holds no certificate with its key"))
        }
        guard SSL_CTX_use_certificate(handle, certificate) == 1, SSL_CTX_use_PrivateKey(handle, key) == 1 else {
            throw OpenSSLErrorQueue.error(.invalidConfiguration("cannot use the identity in \(pkcs12Path)"))
        }
        if let chain {
            for index in 0..<cs_sk_X509_num(chain) {
                guard cs_SSL_CTX_add1_chain_cert(handle, cs_sk_X509_value(chain, index)) == 1 else {
                    throw OpenSSLErrorQueue.error(.invalidConfiguration("cannot use the chain in \(pkcs12Path)"))
                }
            }
        }
        try checkPrivateKey(matches: pkcs12Path)
    }

    private func checkPrivateKey(matches source: String) throws(TLSError) {
        guard SSL_CTX_check_private_key(handle) == 1 else {
            throw OpenSSLErrorQueue.error(.invalidConfiguration("the private key does not match the certificate of \(source)"))
        }
    }
}
