import Backend
import CountersignServer
import Testing

/// The `--proxy-*` settings: the upstream URL, the trust and identity files, timeouts, limits and
/// the bad-signature choice, with their defaults and refusals.
@Suite struct ProxySettingsParsingTests {
    private func parse(_ arguments: [String], environment: [String: String] = [:]) throws -> ProxyOptions {
        try ConfigurationParser.parse(arguments: arguments, environment: environment).proxy
    }

    @Test func noProxyByDefaultAndTheDefaultLimits() throws {
        let options = try parse([])
        #expect(options.upstream == nil)
        #expect(options.caPath == nil)
        #expect(options.connectTimeoutMilliseconds == 5_000)
        #expect(options.answerTimeoutMilliseconds == 30_000)
        #expect(options.maxConnections == 16)
        #expect(options.maxQueuedRequests == 256)
        #expect(options.maxBodyBytes == 8 << 20)
        #expect(options.maxHeaderBytes == 16 << 10)
        #expect(options.badSignature == .forward)
    }

    @Test func theUpstreamIsAnHTTPSURLWithAnOptionalPort() throws {
        #expect(try parse(["--proxy-to", "https://staging.example.com"]).upstream.map { "\($0.host) \($0.port)" } == "staging.example.com 443")
        #expect(try parse(["--proxy-to=https://localhost:9443/"]).upstream.map { "\($0.host) \($0.port)" } == "localhost 9443")
        #expect(try parse([], environment: ["COUNTERSIGN_PROXY_TO": "https://[::1]:8444"]).upstream.map { "\($0.host) \($0.port)" } == "::1 8444")
        for bad in ["http://staging.example.com", "https://", "https://host/api", "https://host:0", "https://host:99999", "https://user@host",
                    "staging.example.com"] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try parse(["--proxy-to", bad]) }
        }
    }

    @Test func trustTimeoutsLimitsAndTheBadSignatureChoice() throws {
        let pin = "sha256/" + String(repeating: "A", count: 43) + "="
        let options = try parse(["--proxy-ca", "ca.pem", "--proxy-pin", pin, "--proxy-client-identity", "me.p12",
                                 "--proxy-connect-timeout", "2s", "--proxy-answer-timeout", "1m", "--proxy-max-connections", "4",
                                 "--proxy-max-queued", "10", "--proxy-max-body", "1m", "--proxy-max-header-bytes", "4096",
                                 "--proxy-on-bad-signature", "reject"])
        #expect(options.caPath == "ca.pem")
        #expect(options.pin == pin)
        #expect(options.clientIdentityPath == "me.p12")
        #expect(options.connectTimeoutMilliseconds == 2_000)
        #expect(options.answerTimeoutMilliseconds == 60_000)
        #expect(options.maxConnections == 4)
        #expect(options.maxQueuedRequests == 10)
        #expect(options.maxBodyBytes == 1 << 20)
        #expect(options.maxHeaderBytes == 4096)
        #expect(options.badSignature == .reject)
        for bad in [["--proxy-pin", "abc"], ["--proxy-max-connections", "0"], ["--proxy-max-body", "1k"], ["--proxy-max-header-bytes", "10"],
                    ["--proxy-on-bad-signature", "ignore"], ["--proxy-answer-timeout", "2d"]] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try parse(bad) }
        }
    }
}
