import COpenSSL
import Crypto

extension TLSConnection {
    /// What a non-successful OpenSSL call on the `SSL` means.
    enum CallFailure {
        /// The call needs more ciphertext from the peer.
        case wantsMoreData
        /// The peer closed the session with close_notify.
        case closed
        /// The session failed.
        case failed(TLSError)
    }

    /// Classifies the failure of an `SSL_do_handshake`, `SSL_read_ex` or `SSL_write_ex` call that returned
    /// `returnCode`, draining the OpenSSL error queue into the error.
    func failure(of returnCode: Int32, duringHandshake: Bool) -> CallFailure {
        switch SSL_get_error(ssl, returnCode) {
        case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE:
            return .wantsMoreData
        case SSL_ERROR_ZERO_RETURN:
            return .closed
        case SSL_ERROR_SSL:
            if duringHandshake, let reason = certificateVerificationFailure() {
                return .failed(OpenSSLErrorQueue.error(.certificateVerificationFailed(reason: reason)))
            }
            return .failed(OpenSSLErrorQueue.error(duringHandshake ? .handshakeFailed : .protocolFailure))
        default:
            return .failed(OpenSSLErrorQueue.error(.io))
        }
    }

    /// OpenSSL's reason for rejecting the peer's certificate, when this side verified one and it failed.
    private func certificateVerificationFailure() -> String? {
        guard SSL_get_verify_mode(ssl) & SSL_VERIFY_PEER != 0 else { return nil }
        let result = SSL_get_verify_result(ssl)
        guard result != X509_V_OK else { return nil }
        return String(cString: X509_verify_cert_error_string(result))
    }
}
