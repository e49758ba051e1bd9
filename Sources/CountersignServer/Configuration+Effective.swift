import JSON

extension Configuration {
    /// What `GET /__admin/config` shows: every setting under its flag's name in snake_case, with
    /// its effective value; the secret, the admin token and the p12 password as `<redacted>`.
    var effectiveJSON: JSONValue {
        func text(_ value: String) -> JSONValue { .string(value) }
        func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
        func redacted(_ value: String?) -> JSONValue { value == nil ? .null : "<redacted>" }
        return .object(JSONObject([
            ("host", text(host)), ("port", number(port)), ("db", text(databasePath)), ("certs", text(certificatesDirectory)),
            ("seed", text(seedPath)), ("openapi", text(openAPIPath)), ("stubs", text(stubsDirectory)),
            ("import_openapi", importOpenAPIPath.map(text) ?? .null), ("envelope_dialect", envelopeDialectPath.map(text) ?? .null),
            ("secret", redacted(secret)), ("signed_headers", .array(signedHeaders.map(text))),
            ("signature", text(signature.rawValue)), ("version_header", versionHeader.map(text) ?? .null),
            ("replay_window", replayWindowSeconds.map { text(Self.durationText($0)) } ?? "off"),
            ("login_throttle", loginThrottle.map { text("\($0.maxFailures)/\(Self.durationText($0.windowSeconds))") } ?? "off"),
            ("token_ttl", text(Self.durationText(tokenTTLSeconds))), ("time_zone", text(timeZone)),
            ("client_auth", text(clientAuth.rawValue)), ("http_status", text(httpStatus.rawValue)), ("mode", text(mode.rawValue)),
            ("admin_token", redacted(adminToken)), ("pinning_tests", .bool(pinningTests)),
            ("client_p12_password", redacted(clientP12Password)), ("extra_hosts", .array(extraHosts.map(text))),
            ("key_type", text(keyType.rawValue)), ("journal_size", number(journalSize)), ("journal_bytes", number(journalBytes)),
            ("journal_answer_bytes", number(journalAnswerBytes)),
            ("log_format", text(logFormat.rawValue)),
            ("event_loops", number(eventLoops)), ("max_connections", number(maxConnections)),
            ("handshake_timeout", text(Self.durationText(timeouts.handshakeMilliseconds / 1000))),
            ("header_timeout", text(Self.durationText(timeouts.requestHeadersMilliseconds / 1000))),
            ("body_timeout", text(Self.durationText(timeouts.requestBodyMilliseconds / 1000))),
            ("idle_timeout", text(Self.durationText(timeouts.idleMilliseconds / 1000))),
            ("write_stall_timeout", text(Self.durationText(timeouts.writeStallMilliseconds / 1000))),
            ("password_iterations", number(passwordIterations)), ("session_resumption", .bool(sessionResumption)),
            ("http2", .bool(http2)), ("http2_max_streams", number(http2Limits.maxConcurrentStreams)),
            ("http2_max_header_list", number(http2Limits.maxHeaderListBytes)),
            ("http2_stream_window", number(http2Limits.initialWindowBytes)),
            ("http2_buffered_bodies", number(http2Limits.maxBufferedBodyBytes)),
            ("http2_reset_burst", number(http2Limits.resetBurst)), ("http2_resets_per_second", number(http2Limits.resetsPerSecond)),
            ("http2_control_frame_burst", number(http2Limits.controlFrameBurst)),
            ("http2_control_frames_per_second", number(http2Limits.controlFramesPerSecond)),
            ("http2_ping_interval", text(Self.durationText(timeouts.pingIntervalMilliseconds / 1000))),
            ("http2_ping_timeout", text(Self.durationText(timeouts.pingTimeoutMilliseconds / 1000))),
        ] + proxyJSON))
    }

    /// The `--proxy-*` settings and `--record`, the identity's password as `<redacted>`.
    private var proxyJSON: [(String, JSONValue)] {
        func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
        let upstream = proxy.upstream.map { "https://\($0.host.contains(":") ? "[\($0.host)]" : $0.host):\($0.port)" }
        return [
            ("proxy_to", optional(upstream)), ("proxy_ca", optional(proxy.caPath)), ("proxy_pin", optional(proxy.pin)),
            ("proxy_client_identity", optional(proxy.clientIdentityPath)), ("proxy_client_identity_password", "<redacted>"),
            ("proxy_connect_timeout", .string(Self.durationText(proxy.connectTimeoutMilliseconds / 1000))),
            ("proxy_answer_timeout", .string(Self.durationText(proxy.answerTimeoutMilliseconds / 1000))),
            ("proxy_max_connections", number(proxy.maxConnections)), ("proxy_max_queued", number(proxy.maxQueuedRequests)),
            ("proxy_max_body", number(proxy.maxBodyBytes)), ("proxy_max_header_bytes", number(proxy.maxHeaderBytes)),
            ("proxy_on_bad_signature", .string(proxy.badSignature.rawValue)), ("record", optional(proxy.recordFolder)),
        ]
    }

    /// `604800` seconds as `7d`: the largest unit that divides it.
    static func durationText(_ seconds: Int64) -> String {
        for (unit, size) in [("d", Int64(86_400)), ("h", 3600), ("m", 60)] where seconds % size == 0 {
            return "\(seconds / size)\(unit)"
        }
        return "\(seconds)s"
    }
}
