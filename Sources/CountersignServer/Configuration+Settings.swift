import Backend
import Certificates
import TLS
import Telemetry

extension Configuration {
    /// Every setting of `countersign serve`, in the order `--help` lists them.
    static let settings: [Setting] = generalSettings + proxySettings

    private static let generalSettings: [Setting] = [
        Setting("host", "address to listen on (default 0.0.0.0)") { config, value throws(SettingRejection) in
            guard !value.isEmpty else { throw SettingRejection(reason: "must not be empty") }
            config.host = value
        },
        Setting("port", "TLS port; 0 picks a free one and prints it (default 8443)") { config, value throws(SettingRejection) in
            config.port = try integer(value, in: 0...65_535)
        },
        Setting("db", "SQLite file, created from seed.sql when absent (default data/countersign.sqlite)") { config, value throws(SettingRejection) in
            config.databasePath = try nonEmpty(value)
        },
        Setting("certs", "certificate folder, generated when absent (default server-certs)") { config, value throws(SettingRejection) in
            config.certificatesDirectory = try nonEmpty(value)
        },
        Setting("seed", "seed SQL for a new or reset database (default seed.sql)") { config, value throws(SettingRejection) in
            config.seedPath = try nonEmpty(value)
        },
        Setting("openapi", "OpenAPI document served at /openapi.yaml (default docs/openapi.yaml)") { config, value throws(SettingRejection) in
            config.openAPIPath = try nonEmpty(value)
        },
        Setting("stubs", "folder of stub files (*.json) loaded at start; absent is fine (default stubs)") { config, value throws(SettingRejection) in
            config.stubsDirectory = try nonEmpty(value)
        },
        Setting("import-openapi", "OpenAPI 3 document (JSON) whose operations are answered under /api/ (default none)") { config, value throws(SettingRejection) in
            config.importOpenAPIPath = try nonEmpty(value)
        },
        Setting("envelope-dialect", "JSON file naming the envelope's keys, success and not-logged-in codes and status policy (default code/message/data, 0, 20104)") { config, value throws(SettingRejection) in
            config.envelopeDialectPath = try nonEmpty(value)
        },
        Setting("secret", "replaces the default app's signing secret (default: the one in seed.sql)") { config, value throws(SettingRejection) in
            config.secret = try nonEmpty(value)
        },
        Setting("signed-headers", "comma-separated signed header names in their canonical spelling (default X-API-VERSION,Authorization,X-DEVICE-ID)") { config, value throws(SettingRejection) in
            let names = commaSeparated(value)
            guard names.allSatisfy(isToken) else { throw SettingRejection(reason: "header names are letters, digits and - only") }
            config.signedHeaders = names
        },
        Setting("signature", "required | optional | off (default required)") { config, value throws(SettingRejection) in
            config.signature = try choice(value, BackendSettings.SignatureRequirement.self)
        },
        Setting("version-header", "required API version header, or none (default X-API-VERSION)") { config, value throws(SettingRejection) in
            if value == "none" { config.versionHeader = nil; return }
            guard isToken(value) else { throw SettingRejection(reason: "a header name, or none") }
            config.versionHeader = value
        },
        Setting("login-throttle", "wrong passwords per phone number and window before login answers 10429, as N/DURATION, or off (default 5/5m; an address may have 4 times as many)") { config, value throws(SettingRejection) in
            if value == "off" { config.loginThrottle = nil; return }
            let parts = value.split(separator: "/")
            guard parts.count == 2, let count = Int(parts[0]), count > 0 else {
                throw SettingRejection(reason: "'\(value)' is not N/DURATION such as 5/5m, or off")
            }
            config.loginThrottle = LoginThrottlePolicy(maxFailures: count, windowSeconds: try duration(String(parts[1])))
        },
        Setting("replay-window", "replay protection: X-TIMESTAMP within this window (s, m, h or d) and X-NONCE used once, or off (default off)") { config, value throws(SettingRejection) in
            config.replayWindowSeconds = value == "off" ? nil : try duration(value)
        },
        Setting("token-ttl", "token lifetime: a number with s, m, h or d (default 7d)") { config, value throws(SettingRejection) in
            config.tokenTTLSeconds = try duration(value)
        },
        Setting("time-zone", "IANA zone of the check-in day (default Asia/Shanghai)") { config, value throws(SettingRejection) in
            config.timeZone = try nonEmpty(value)
        },
        Setting("client-auth", "mutual TLS: off | optional | require (default off)") { config, value throws(SettingRejection) in
            config.clientAuth = try choice(value, ClientAuthentication.self)
        },
        Setting("http-status", "semantic | always-200 (default semantic)") { config, value throws(SettingRejection) in
            config.httpStatus = try choice(value, BackendSettings.HTTPStatusStyle.self)
        },
        Setting("mode", "development (explains signature errors) | production (default development)") { config, value throws(SettingRejection) in
            config.mode = try choice(value, BackendSettings.Mode.self)
        },
        Setting("admin-token", "X-Admin-Token required by /__admin (default unset: loopback clients only)") { config, value throws(SettingRejection) in
            config.adminToken = try nonEmpty(value)
        },
        Setting("pinning-tests", "serve the four pinning-test ports after the main one: on | off (default off)", isSwitch: true) { config, value throws(SettingRejection) in
            config.pinningTests = try boolean(value)
        },
        Setting("client-p12-password", "password of client.p12 (default countersign)") { config, value throws(SettingRejection) in
            config.clientP12Password = try nonEmpty(value)
        },
        Setting("extra-hosts", "comma-separated extra DNS names or IPs for the server certificate (default none)") { config, value throws(SettingRejection) in
            config.extraHosts = commaSeparated(value)
        },
        Setting("key-type", "key of generated certificates: ecdsa-p256 | rsa-2048 (default ecdsa-p256)") { config, value throws(SettingRejection) in
            config.keyType = try choice(value, KeyType.self)
        },
        Setting("journal-size", "request journal entries kept (default 10000)") { config, value throws(SettingRejection) in
            config.journalSize = try integer(value, in: 0...10_000_000)
        },
        Setting("journal-bytes", "request journal entry text kept at most, in bytes or with k, m or g (default 64m)") { config, value throws(SettingRejection) in
            config.journalBytes = try byteCount(value, in: (64 << 10)...(64 << 30))
        },
        Setting("journal-answer-bytes", "upstream answer body a proxied request's journal entry keeps at most, in bytes or with k or m; 0 keeps none (default 64k)") { config, value throws(SettingRejection) in
            config.journalAnswerBytes = try byteCount(value, in: 0...JournalEntryBuilder.largestAnswerBytes)
        },
        Setting("log-format", "text | json (default text)") { config, value throws(SettingRejection) in
            config.logFormat = try choice(value, Logger.Format.self)
        },
        Setting("event-loops", "event loop threads (default: one per core)") { config, value throws(SettingRejection) in
            config.eventLoops = try integer(value, in: 1...256)
        },
        Setting("max-connections", "open connections at most (default 10000)") { config, value throws(SettingRejection) in
            config.maxConnections = try integer(value, in: 1...1_000_000)
        },
        Setting("handshake-timeout", "time to finish the TLS handshake (default 10s)") { config, value throws(SettingRejection) in
            config.timeouts.handshakeMilliseconds = try milliseconds(value)
        },
        Setting("header-timeout", "time from a request's first byte to the end of its headers (default 10s)") { config, value throws(SettingRejection) in
            config.timeouts.requestHeadersMilliseconds = try milliseconds(value)
        },
        Setting("body-timeout", "time from the end of a request's headers to the end of its body (default 30s)") { config, value throws(SettingRejection) in
            config.timeouts.requestBodyMilliseconds = try milliseconds(value)
        },
        Setting("idle-timeout", "time a kept-alive connection may wait for its next request (default 60s)") { config, value throws(SettingRejection) in
            config.timeouts.idleMilliseconds = try milliseconds(value)
        },
        Setting("write-stall-timeout", "time a peer may leave an answer unread before it is dropped (default 60s)") { config, value throws(SettingRejection) in
            config.timeouts.writeStallMilliseconds = try milliseconds(value)
        },
        Setting("password-iterations", "PBKDF2 rounds for new passwords (default 100000)") { config, value throws(SettingRejection) in
            config.passwordIterations = try integer(value, in: 1...10_000_000)
        },
        Setting("session-resumption", "TLS session tickets: on | off (default on)", isSwitch: true) { config, value throws(SettingRejection) in
            config.sessionResumption = try boolean(value)
        },
        Setting("http2", "offer HTTP/2 (ALPN h2) before HTTP/1.1 on every listener: on | off (default on)", isSwitch: true) { config, value throws(SettingRejection) in
            config.http2 = try boolean(value)
        },
        Setting("http2-max-streams", "HTTP/2 streams a connection may have open at once (default 100)") { config, value throws(SettingRejection) in
            config.http2Limits.maxConcurrentStreams = try integer(value, in: 1...10_000)
        },
        Setting("http2-max-header-list", "HTTP/2 decoded header list of one request, in bytes (default 16384)") { config, value throws(SettingRejection) in
            config.http2Limits.maxHeaderListBytes = try integer(value, in: 1024...1_048_576)
        },
        Setting("http2-stream-window", "HTTP/2 bytes a peer may send on a stream before the server reads them (default 65535)") { config, value throws(SettingRejection) in
            config.http2Limits.initialWindowBytes = try integer(value, in: 1024...2_147_483_647)
        },
        Setting("http2-buffered-bodies", "HTTP/2 request body bytes all streams of a connection may hold at once (default 4m)") { config, value throws(SettingRejection) in
            config.http2Limits.maxBufferedBodyBytes = try byteCount(value, in: (64 << 10)...(1 << 30))
        },
        Setting("http2-reset-burst", "HTTP/2 stream resets a peer may send in a burst before GOAWAY (rapid reset, default 200)") { config, value throws(SettingRejection) in
            config.http2Limits.resetBurst = try integer(value, in: 1...1_000_000)
        },
        Setting("http2-resets-per-second", "HTTP/2 stream resets a peer may send per second after its burst (default 33)") { config, value throws(SettingRejection) in
            config.http2Limits.resetsPerSecond = try integer(value, in: 1...1_000_000)
        },
        Setting("http2-control-frame-burst", "HTTP/2 SETTINGS and PING frames a peer may send in a burst before GOAWAY (default 100)") { config, value throws(SettingRejection) in
            config.http2Limits.controlFrameBurst = try integer(value, in: 1...1_000_000)
        },
        Setting("http2-control-frames-per-second", "HTTP/2 SETTINGS and PING frames a peer may send per second after its burst (default 10)") { config, value throws(SettingRejection) in
            config.http2Limits.controlFramesPerSecond = try integer(value, in: 1...1_000_000)
        },
        Setting("http2-ping-interval", "HTTP/2 silence after which the server sends a keep-alive PING (default 30s)") { config, value throws(SettingRejection) in
            config.timeouts.pingIntervalMilliseconds = try milliseconds(value)
        },
        Setting("http2-ping-timeout", "time an HTTP/2 peer may take to acknowledge the keep-alive PING before GOAWAY (default 10s)") { config, value throws(SettingRejection) in
            config.timeouts.pingTimeoutMilliseconds = try milliseconds(value)
        },
    ]

    /// `a, b,,c` as `["a", "b", "c"]`.
    private static func commaSeparated(_ value: String) -> [String] {
        value.split(separator: ",").map { String($0.filter { $0 != " " && $0 != "\t" }) }.filter { !$0.isEmpty }
    }

    static func nonEmpty(_ value: String) throws(SettingRejection) -> String {
        guard !value.isEmpty else { throw SettingRejection(reason: "must not be empty") }
        return value
    }

    static func integer(_ value: String, in range: ClosedRange<Int>) throws(SettingRejection) -> Int {
        guard let number = Int(value), range.contains(number) else {
            throw SettingRejection(reason: "'\(value)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    static func choice<Choice: RawRepresentable & CaseIterable>(_ value: String, _ type: Choice.Type) throws(SettingRejection) -> Choice
    where Choice.RawValue == String {
        guard let chosen = Choice(rawValue: value) else {
            throw SettingRejection(reason: "'\(value)' is not one of \(Choice.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return chosen
    }

    private static func boolean(_ value: String) throws(SettingRejection) -> Bool {
        switch value.lowercased() {
        case "1", "true", "on", "yes": return true
        case "0", "false", "off", "no": return false
        default: throw SettingRejection(reason: "'\(value)' is not on or off")
        }
    }

    /// `30s`, `15m`, `2h`, `7d` as seconds.
    static func duration(_ value: String) throws(SettingRejection) -> Int64 {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        guard let unit = value.last, let multiplier = units[unit], let count = Int64(value.dropLast()), count > 0,
              count <= Int64.max / multiplier / 2 else {
            throw SettingRejection(reason: "'\(value)' is not a duration such as 30s, 15m, 2h or 7d")
        }
        return count * multiplier
    }

    /// A size in bytes: a whole number, or one with `k`, `m` or `g` (KiB, MiB, GiB), in `range`.
    static func byteCount(_ value: String, in range: ClosedRange<Int>) throws(SettingRejection) -> Int {
        let units: [Character: Int] = ["k": 1 << 10, "m": 1 << 20, "g": 1 << 30]
        let unit = value.last.flatMap { units[Character($0.lowercased())] }
        let number = unit == nil ? Int(value) : Int(value.dropLast())
        guard let number, number >= 0, number <= range.upperBound / (unit ?? 1), range.contains(number * (unit ?? 1)) else {
            throw SettingRejection(reason: "'\(value)' is not a size from \(sizeText(range.lowerBound)) to \(sizeText(range.upperBound)), such as 64k or 1048576")
        }
        return number * (unit ?? 1)
    }

    /// `bytes` in the largest unit that divides it (`64k`, `1g`, `0`).
    private static func sizeText(_ bytes: Int) -> String {
        let unit = [("g", 1 << 30), ("m", 1 << 20), ("k", 1 << 10)].first { bytes > 0 && bytes % $0.1 == 0 }
        return unit.map { "\(bytes / $0.1)\($0.0)" } ?? String(bytes)
    }

    /// A connection timeout: a duration of at most a day, in milliseconds.
    static func milliseconds(_ value: String) throws(SettingRejection) -> Int64 {
        let seconds = try duration(value)
        guard seconds <= 86_400 else { throw SettingRejection(reason: "'\(value)' is longer than a day") }
        return seconds * 1000
    }

    private static func isToken(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
        }
    }
}
