import Backend

extension Configuration {
    /// The settings of proxy mode, listed after the others in `--help`.
    static let proxySettings: [Setting] = [
        Setting("proxy-to", "forward /api/ requests no stub or fault answers to this https://host[:port] (default: no proxy)") { config, value throws(SettingRejection) in
            config.proxy.upstream = try upstream(value)
        },
        Setting("proxy-ca", "CA file (PEM) the upstream's certificate is verified with (default: the system store)") { config, value throws(SettingRejection) in
            config.proxy.caPath = try nonEmpty(value)
        },
        Setting("proxy-pin", "sha256/<base64> of the upstream's public key, checked too (default: none)") { config, value throws(SettingRejection) in
            guard value.hasPrefix("sha256/"), value.count == "sha256/".count + 44 else {
                throw SettingRejection(reason: "a pin is sha256/ and 44 base64 characters")
            }
            config.proxy.pin = value
        },
        Setting("proxy-client-identity", "identity for an upstream that requires mutual TLS: a .p12 file, or a PEM file with certificate and key (default: none)") { config, value throws(SettingRejection) in
            config.proxy.clientIdentityPath = try nonEmpty(value)
        },
        Setting("proxy-client-identity-password", "password of the .p12 proxy client identity (default countersign)") { config, value throws(SettingRejection) in
            config.proxy.clientIdentityPassword = value
        },
        Setting("proxy-connect-timeout", "time to connect to the upstream and finish the TLS handshake (default 5s)") { config, value throws(SettingRejection) in
            config.proxy.connectTimeoutMilliseconds = try milliseconds(value)
        },
        Setting("proxy-answer-timeout", "time for the upstream's whole answer, from the request sent to the last byte (default 30s)") { config, value throws(SettingRejection) in
            config.proxy.answerTimeoutMilliseconds = try milliseconds(value)
        },
        Setting("proxy-max-connections", "upstream connections at most, one per worker thread (default 16)") { config, value throws(SettingRejection) in
            config.proxy.maxConnections = try integer(value, in: 1...256)
        },
        Setting("proxy-max-queued", "requests waiting for an upstream connection at most; beyond it 503 (default 256)") { config, value throws(SettingRejection) in
            config.proxy.maxQueuedRequests = try integer(value, in: 0...100_000)
        },
        Setting("proxy-max-body", "largest upstream answer body, in bytes or with k, m or g; beyond it 502 (default 8m)") { config, value throws(SettingRejection) in
            config.proxy.maxBodyBytes = try byteCount(value, in: (64 << 10)...(64 << 30))
        },
        Setting("proxy-max-header-bytes", "largest upstream answer header section, in bytes; beyond it 502 (default 16384)") { config, value throws(SettingRejection) in
            config.proxy.maxHeaderBytes = try integer(value, in: 1024...1_048_576)
        },
        Setting("proxy-on-bad-signature", "forward | reject: forward a request whose signature is wrong (the journal shows the verdict), or answer 10003 (default forward)") { config, value throws(SettingRejection) in
            config.proxy.badSignature = try choice(value, UpstreamProxy.BadSignature.self)
        },
        Setting("record", "record every proxied exchange as a stub file in this folder from the start (default: only when asked, POST /__admin/recordings/start)") { config, value throws(SettingRejection) in
            config.proxy.recordFolder = try nonEmpty(value)
        },
    ]

    /// `https://host[:port]` (no path) as host and port, 443 by default.
    private static func upstream(_ value: String) throws(SettingRejection) -> (host: String, port: Int) {
        let refusal = SettingRejection(reason: "'\(value)' is not https://host or https://host:port")
        guard value.hasPrefix("https://") else { throw refusal }
        var authority = Substring(value.dropFirst("https://".count))
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        guard !authority.isEmpty, !authority.contains("/"), !authority.contains("@") else { throw refusal }
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw refusal }
            let host = String(authority[authority.index(after: authority.startIndex)..<close])
            let rest = authority[authority.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { throw refusal }
            return (host, rest.isEmpty ? 443 : try integer(String(rest.dropFirst()), in: 1...65_535))
        }
        let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, !parts[0].isEmpty else { throw refusal }
        return (String(parts[0]), parts.count == 2 ? try integer(String(parts[1]), in: 1...65_535) : 443)
    }
}
