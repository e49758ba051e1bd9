extension DevelopmentPKI {
    /// `ensure`, and whether it gave the server a new key: a re-issued certificate (after `server.key`
    /// was deleted or `--extra-hosts` changed) breaks every app build that pins the old one, so callers
    /// warn with both pins. Nil when there was no server certificate before, or its pin is unchanged.
    public static func ensureReportingPinChange(at paths: CertificatePaths, options: CertificateOptions)
        throws(CertificateError) -> (files: [String], pinChange: ServerPinChange?) {
        let before = recordedServerPin(at: paths)
        let files = try ensure(at: paths, options: options)
        guard let before, let after = recordedServerPin(at: paths), after != before else { return (files, nil) }
        return (files, ServerPinChange(old: before, new: after))
    }

    /// The pin of `server.pem`, or the one `server.spki-sha256.txt` recorded when `server.pem` is gone.
    static func recordedServerPin(at paths: CertificatePaths) -> String? {
        if let pin = try? spkiPin(ofCertificateAt: paths.serverCertificate) { return pin }
        guard let bytes = try? FileStore.read(paths.serverSPKIPin) else { return nil }
        let pin = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
        return pin.isEmpty ? nil : pin
    }
}
