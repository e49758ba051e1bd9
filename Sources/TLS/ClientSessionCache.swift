import COpenSSL
import Crypto
import System

/// The last resumable session a client context received (a TLS 1.3 or TLS 1.2 ticket), offered again on
/// the next connection. Shared by every connection of the context, hence the lock.
final class ClientSessionCache: Sendable {
    /// A counted reference to an `SSL_SESSION` that no connection uses (they get copies), so nothing
    /// changes it; its reference count is atomic, so the reference may move between threads.
    private struct SessionReference: @unchecked Sendable {
        let session: OpaquePointer
    }

    private let latest = LockedValue<SessionReference?>(nil)

    /// Makes `context` hand every new client session to this cache.
    func install(in context: OpaquePointer) {
        _ = cs_SSL_CTX_set_session_cache_mode(context, Int(SSL_SESS_CACHE_CLIENT | SSL_SESS_CACHE_NO_INTERNAL_STORE))
        _ = cs_SSL_CTX_set_app_data(context, Unmanaged.passUnretained(self).toOpaque())
        SSL_CTX_sess_set_new_cb(context, storeNewSession)
    }

    /// Offers a copy of the latest session to a new connection; returns false when OpenSSL refused it.
    func offer(to ssl: OpaquePointer) -> Bool {
        latest.withLock { reference in
            guard let reference else { return true }
            guard let copy = SSL_SESSION_dup(reference.session) else { return false }
            defer { SSL_SESSION_free(copy) }
            return SSL_set_session(ssl, copy) == 1
        }
    }

    /// Keeps a copy of `session` if it can be resumed.
    ///
    /// Connections only ever hold copies of the kept session, because OpenSSL marks a connection's session
    /// as not resumable when the connection is freed without close_notify, which is how most HTTP clients
    /// end connections (since TLS 1.1 an unclosed connection no longer forbids resuming its session).
    fileprivate func store(_ session: OpaquePointer) {
        guard SSL_SESSION_is_resumable(session) == 1, let copy = SSL_SESSION_dup(session) else {
            OpenSSLErrorQueue.clear()
            return
        }
        let reference = SessionReference(session: copy)
        latest.withLock { current in
            if let previous = current {
                SSL_SESSION_free(previous.session)
            }
            current = reference
        }
    }

    deinit {
        latest.withLock { current in
            if let reference = current {
                SSL_SESSION_free(reference.session)
            }
            current = nil
        }
    }
}

/// OpenSSL's new-session callback. Returns 0: the cache keeps a copy, not the reference it was given.
private func storeNewSession(_ ssl: OpaquePointer?, _ session: OpaquePointer?) -> Int32 {
    guard let ssl, let session, let context = SSL_get_SSL_CTX(ssl),
          let cache = cs_SSL_CTX_get_app_data(context)
    else { return 0 }
    Unmanaged<ClientSessionCache>.fromOpaque(cache).takeUnretainedValue().store(session)
    return 0
}
