import COpenSSL

extension TLSConnection {
    /// Keeps OpenSSL's record buffers (about 17 KiB to read and as much to write) from one read or
    /// write to the next, instead of freeing them after each (the context's default,
    /// `SSL_MODE_RELEASE_BUFFERS`, so that an idle connection holds none). For a busy connection.
    public func keepRecordBuffers() {
        // Returns the resulting mode, not a status.
        _ = cs_SSL_clear_mode(ssl, Int(SSL_MODE_RELEASE_BUFFERS))
    }

    /// Frees the record buffers now, unless they hold bytes not yet read or sent (those are freed
    /// once they are), and after every read and write from then on.
    public func releaseRecordBuffers() {
        _ = cs_SSL_set_mode(ssl, Int(SSL_MODE_RELEASE_BUFFERS))
        // 0 only while the buffers hold data: the mode frees them once it is gone.
        _ = SSL_free_buffers(ssl)
    }
}
