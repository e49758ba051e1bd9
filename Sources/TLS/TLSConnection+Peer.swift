import COpenSSL
import Crypto

extension TLSConnection {
    /// The subject of the peer's certificate in one-line RFC 2253 form ("CN=countersign-client,O=Countersign"),
    /// only when that certificate was verified: by the CA chain, or on a client by its pin. `nil` before the
    /// handshake completes and when the peer sent no certificate.
    public var peerCertificateSubject: String? {
        if let cachedPeerSubject { return cachedPeerSubject }
        guard isHandshakeComplete else { return nil }
        let subject = verifiedPeerCertificate().flatMap(Self.rfc2253Subject)
        cachedPeerSubject = .some(subject)
        return subject
    }

    /// The subjects of the certificates the peer sent, in the order it sent them (the leaf first on a
    /// client); empty before the handshake completes.
    var peerCertificateChainSubjects: [String] {
        guard isHandshakeComplete, let chain = SSL_get_peer_cert_chain(ssl) else { return [] }
        return (0..<cs_sk_X509_num(chain)).compactMap { cs_sk_X509_value(chain, $0).flatMap(Self.rfc2253Subject) }
    }

    /// The application protocol the server selected, or `nil` when none was negotiated.
    public var negotiatedALPN: String? {
        var name: UnsafePointer<UInt8>?
        var length: UInt32 = 0
        SSL_get0_alpn_selected(ssl, &name, &length)
        guard let name, length > 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: name, count: Int(length)), as: UTF8.self)
    }

    /// The negotiated protocol version ("TLSv1.3" or "TLSv1.2") once the handshake completed.
    public var negotiatedProtocolVersion: String? {
        guard isHandshakeComplete, let version = SSL_get_version(ssl) else { return nil }
        return String(cString: version)
    }

    /// Whether the handshake resumed an earlier session (from a session ticket) instead of a full handshake.
    public var sessionWasReused: Bool {
        SSL_session_reused(ssl) == 1
    }

    /// The peer's leaf certificate (an `X509`, not retained) if it was verified. A completed client handshake
    /// implies verification (chain or pin); a server verified it only if it asked for one.
    private func verifiedPeerCertificate() -> OpaquePointer? {
        guard let certificate = SSL_get0_peer_certificate(ssl) else { return nil }
        switch context.role {
        case .client:
            return certificate
        case .server:
            let verified = SSL_get_verify_mode(ssl) & SSL_VERIFY_PEER != 0 && SSL_get_verify_result(ssl) == X509_V_OK
            return verified ? certificate : nil
        }
    }

    private static func rfc2253Subject(of certificate: OpaquePointer) -> String? {
        guard let name = X509_get_subject_name(certificate), let text = BIO_new(BIO_s_mem()) else { return nil }
        defer { BIO_free(text) }
        guard X509_NAME_print_ex(text, name, 0, CS_XN_FLAG_RFC2253_UTF8) >= 0 else {
            OpenSSLErrorQueue.clear()
            return nil
        }
        var data: UnsafeMutablePointer<CChar>?
        let length = cs_BIO_get_mem_data(text, &data)
        guard let data, length > 0 else { return nil }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
        }
    }
}
